package client

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"golang.org/x/oauth2"
)

// ClientAssertionType is the client_assertion_type of private_key_jwt.
const ClientAssertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// PrivateKeyJWT authenticates a client with assertions signed by its
// private key (RFC 7523): ES256 for a P-256 key, PS256 for an RSA key, as
// FAPI 2.0 allows. The server must hold the public key (openbank client
// update --auth-method private_key_jwt --jwks-file).
type PrivateKeyJWT struct {
	Key   crypto.Signer // *ecdsa.PrivateKey (P-256) or *rsa.PrivateKey
	KeyID string        // the key's kid in the client's JWK Set; may be empty
}

// Assertion signs a fresh assertion of clientID for the server whose
// issuer identifier is issuer: aud is the issuer as a string, the
// assertion lives one minute and its jti is new.
func (p PrivateKeyJWT) Assertion(clientID, issuer string) (string, error) {
	alg := jose.PS256
	switch k := p.Key.(type) {
	case *ecdsa.PrivateKey:
		alg = jose.ES256
	case *rsa.PrivateKey:
	default:
		return "", fmt.Errorf("client: private_key_jwt needs an EC P-256 or RSA key, not %T", k)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: jose.JSONWebKey{Key: p.Key, KeyID: p.KeyID}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return "", fmt.Errorf("client: private_key_jwt: %w", err)
	}
	now := time.Now()
	claims := map[string]any{"iss": clientID, "sub": clientID, "aud": issuer, "jti": newID(),
		"iat": now.Unix(), "exp": now.Add(time.Minute).Unix()}
	return jwt.Signed(signer).Claims(claims).Serialize()
}

// assertionTokens gets client-credentials tokens with a fresh assertion
// each time, through hc (which adds DPoP proofs when the client has a key).
type assertionTokens struct {
	ctx                        context.Context
	hc                         *http.Client
	tokenURL, issuer, clientID string
	auth                       PrivateKeyJWT
}

// Token implements oauth2.TokenSource.
func (s *assertionTokens) Token() (*oauth2.Token, error) {
	assertion, err := s.auth.Assertion(s.clientID, s.issuer)
	if err != nil {
		return nil, err
	}
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {s.clientID},
		"client_assertion_type": {ClientAssertionType}, "client_assertion": {assertion}}
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.tokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := s.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("client: token request: %w", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	var t struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if err := json.Unmarshal(body, &t); err != nil || res.StatusCode != http.StatusOK || t.AccessToken == "" {
		return nil, fmt.Errorf("client: token request: %d %s: %s: %w", res.StatusCode, t.Error, t.Description, errTokenRefused)
	}
	return &oauth2.Token{AccessToken: t.AccessToken, TokenType: t.TokenType,
		Expiry: time.Now().Add(time.Duration(t.ExpiresIn) * time.Second)}, nil
}

// errTokenRefused is matched by a token request the server refused.
var errTokenRefused = errors.New("refused")
