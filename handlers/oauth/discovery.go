package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/oauth"
)

// metadata is the OpenID Provider / OAuth server metadata (RFC 8414).
type metadata struct {
	Issuer                   string   `json:"issuer"`
	AuthorizationEndpoint    string   `json:"authorization_endpoint"`
	TokenEndpoint            string   `json:"token_endpoint"`
	UserinfoEndpoint         string   `json:"userinfo_endpoint"`
	JWKSURI                  string   `json:"jwks_uri"`
	RevocationEndpoint       string   `json:"revocation_endpoint"`
	IntrospectionEndpoint    string   `json:"introspection_endpoint"`
	ScopesSupported          []string `json:"scopes_supported"`
	ResponseTypesSupported   []string `json:"response_types_supported"`
	ResponseModesSupported   []string `json:"response_modes_supported"`
	GrantTypesSupported      []string `json:"grant_types_supported"`
	SubjectTypesSupported    []string `json:"subject_types_supported"`
	IDTokenAlgs              []string `json:"id_token_signing_alg_values_supported"`
	TokenAuthMethods         []string `json:"token_endpoint_auth_methods_supported"`
	RevocationAuthMethods    []string `json:"revocation_endpoint_auth_methods_supported"`
	IntrospectionAuthMethods []string `json:"introspection_endpoint_auth_methods_supported"`
	CodeChallengeMethods     []string `json:"code_challenge_methods_supported"`
	ClaimsSupported          []string `json:"claims_supported"`
	AuthorizationResponseIss bool     `json:"authorization_response_iss_parameter_supported"`
	PAREndpoint              string   `json:"pushed_authorization_request_endpoint"`
	RequirePAR               bool     `json:"require_pushed_authorization_requests"`
	DPoPAlgs                 []string `json:"dpop_signing_alg_values_supported"`
	AuthSigningAlgs          []string `json:"token_endpoint_auth_signing_alg_values_supported"`
	CertificateBoundTokens   bool     `json:"tls_client_certificate_bound_access_tokens"`
}

// Discovery is GET /.well-known/openid-configuration and
// /.well-known/oauth-authorization-server.
func (h *Handler) Discovery(c *gin.Context) {
	i := h.issuer
	// The token, revocation and introspection endpoints authenticate
	// clients alike, so one list names the methods of all three.
	methods := h.server.AuthMethods()
	c.Header("Cache-Control", "public, max-age=300")
	c.JSON(http.StatusOK, metadata{
		Issuer: i, AuthorizationEndpoint: i + "/oauth2/authorize", TokenEndpoint: i + "/oauth2/token",
		UserinfoEndpoint: i + "/oauth2/userinfo", JWKSURI: i + "/oauth2/jwks",
		RevocationEndpoint: i + "/oauth2/revoke", IntrospectionEndpoint: i + "/oauth2/introspect",
		ScopesSupported: []string{oauth.ScopeOpenID, oauth.ScopeDefault}, ResponseTypesSupported: []string{"code"},
		ResponseModesSupported: []string{"query"}, GrantTypesSupported: oauth.GrantTypes,
		SubjectTypesSupported: []string{"public"}, IDTokenAlgs: []string{"ES256"},
		TokenAuthMethods: methods, RevocationAuthMethods: methods,
		IntrospectionAuthMethods: methods, CodeChallengeMethods: []string{"S256"},
		ClaimsSupported:          []string{"sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "azp", "at_hash", "preferred_username"},
		AuthorizationResponseIss: true,
		// Pushed requests are open to every client and required of those
		// whose profile says so (docs/oauth.md), not of all.
		PAREndpoint: i + "/oauth2/par", RequirePAR: false, DPoPAlgs: oauth.DPoPAlgorithms,
		AuthSigningAlgs: []string{"ES256", "PS256"}, CertificateBoundTokens: h.server.MutualTLS(),
	})
}
