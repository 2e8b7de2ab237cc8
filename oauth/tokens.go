package oauth

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// AccessClaims are the claims of an access token (RFC 9068) plus the grant
// it belongs to and the client's products.
type AccessClaims struct {
	jwt.Claims
	ClientID string   `json:"client_id"`
	Scope    string   `json:"scope"`
	GrantID  string   `json:"gid"`
	Products []string `json:"products"`
	AuthTime int64    `json:"auth_time,omitempty"`
	UserID   string   `json:"uid,omitempty"` // the account's immutable id; sub is its username
	// Environment is the client's: "test" or "production". Tokens leave
	// out "test", which VerifyAccessToken puts back.
	Environment string `json:"environment,omitempty"`
	// Cnf binds the token to a DPoP key or a client certificate; nil for a
	// bearer token.
	Cnf *Confirmation `json:"cnf,omitempty"`
}

// IDClaims are the claims of an OpenID Connect ID token.
type IDClaims struct {
	jwt.Claims
	AuthTime int64  `json:"auth_time"`
	Nonce    string `json:"nonce,omitempty"`
	AZP      string `json:"azp"`
	AtHash   string `json:"at_hash"`
	UserID   string `json:"uid,omitempty"`
}

// TokenResponse is the successful answer of the token endpoint.
type TokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token,omitempty"`
	Scope        string `json:"scope"`
	IDToken      string `json:"id_token,omitempty"`
}

// Principal is who the claims speak for.
func (c AccessClaims) Principal() Principal {
	p := Principal{ClientID: c.ClientID, Subject: c.Subject, Products: c.Products, TokenID: c.ID, UserID: c.UserID,
		Environment: environmentOf(c.Environment)}
	if !strings.HasPrefix(c.Subject, clientSubjectPrefix) {
		p.Username = c.Subject
	}
	return p
}

// clientSubjectPrefix marks the subject of a client-credentials token.
const clientSubjectPrefix = "client:"

// issuance is what a token response is made of.
type issuance struct {
	clientID, username, userID, scope, grantID, nonce string
	products                                          []string
	environment                                       string
	authTime                                          time.Time
	refreshToken                                      string
	bind                                              Binding
}

// sign builds the token response: a signed access token, the refresh token
// when there is one, and an ID token when openid was granted.
func (s *Server) sign(is issuance) (TokenResponse, error) {
	key, err := s.keys.active()
	if err != nil {
		return TokenResponse{}, err
	}
	now := s.now()
	subject := is.username
	if subject == "" {
		subject = clientSubjectPrefix + is.clientID
	}
	// Every API call carries the token: no nbf (it would repeat iat), and
	// no environment for a test client's (an absent one reads as test).
	env := environmentOf(is.environment)
	if env == EnvironmentTest {
		env = ""
	}
	claims := AccessClaims{Claims: jwt.Claims{
		Issuer: s.cfg.Issuer, Subject: subject, Audience: jwt.Audience{s.cfg.Issuer},
		Expiry: jwt.NewNumericDate(now.Add(s.cfg.AccessTokenTTL)), IssuedAt: jwt.NewNumericDate(now), ID: NewSecret(16),
	}, ClientID: is.clientID, Scope: is.scope, GrantID: is.grantID, Products: is.products, UserID: is.userID,
		Environment: env}
	if !is.authTime.IsZero() {
		claims.AuthTime = is.authTime.Unix()
	}
	tokenType := "Bearer"
	if is.bind.Bound() {
		claims.Cnf = &Confirmation{JKT: is.bind.JKT, X5T: is.bind.X5T}
	}
	if is.bind.JKT != "" {
		tokenType = "DPoP"
	}
	access, err := signClaims(key.access, claims)
	if err != nil {
		return TokenResponse{}, fmt.Errorf("oauth: sign access token: %w", err)
	}
	resp := TokenResponse{AccessToken: access, TokenType: tokenType, ExpiresIn: int(s.cfg.AccessTokenTTL.Seconds()),
		RefreshToken: is.refreshToken, Scope: is.scope}
	if hasScope(is.scope, ScopeOpenID) && is.username != "" {
		if resp.IDToken, err = s.signID(key, is, access, now); err != nil {
			return TokenResponse{}, err
		}
	}
	return resp, nil
}

func (s *Server) signID(key signingKey, is issuance, access string, now time.Time) (string, error) {
	d := sha256.Sum256([]byte(access))
	claims := IDClaims{Claims: jwt.Claims{
		Issuer: s.cfg.Issuer, Subject: is.username, Audience: jwt.Audience{is.clientID},
		Expiry: jwt.NewNumericDate(now.Add(s.cfg.AccessTokenTTL)), IssuedAt: jwt.NewNumericDate(now),
	}, AuthTime: is.authTime.Unix(), Nonce: is.nonce, AZP: is.clientID, AtHash: base64.RawURLEncoding.EncodeToString(d[:16]),
		UserID: is.userID}
	tok, err := jwt.Signed(key.id).Claims(claims).Serialize()
	if err != nil {
		return "", fmt.Errorf("oauth: sign ID token: %w", err)
	}
	return tok, nil
}

// signClaims is the compact JWS of claims marshalled once: jwt.Signed's
// Claims marshals them, reads them back into a map and marshals that
// again, a sixth of a token request's CPU.
func signClaims(signer jose.Signer, claims any) (string, error) {
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}
