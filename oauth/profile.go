package oauth

import "time"

// ProfileFAPI2 is the FAPI 2.0 Security Profile (docs/oauth.md): pushed
// requests, PKCE S256, sender-constrained tokens, no shared secrets.
const ProfileFAPI2 = "fapi2"

// Client authentication methods beside the client secret (RFC 7523, RFC
// 8705).
const (
	AuthPrivateKeyJWT = "private_key_jwt"
	AuthTLSClient     = "tls_client_auth"
)

// fapiCodeTTL bounds the life of a FAPI 2.0 client's codes.
const fapiCodeTTL = 60 * time.Second

// FAPI reports whether the client has the FAPI 2.0 profile.
func (c Client) FAPI() bool { return c.Security.Profile == ProfileFAPI2 }

// RequiresPAR reports whether the client must push its authorization
// requests.
func (c Client) RequiresPAR() bool { return c.Security.RequirePAR || c.FAPI() }

// RequiresBinding reports whether every token of the client must be
// sender-constrained (DPoP, or a client certificate).
func (c Client) RequiresBinding() bool { return c.Security.RequireDPoP || c.FAPI() }

// codeTTL is the life of a code issued to c.
func (s *Server) codeTTL(c Client) time.Duration {
	if c.FAPI() && s.cfg.CodeTTL > fapiCodeTTL {
		return fapiCodeTTL
	}
	return s.cfg.CodeTTL
}
