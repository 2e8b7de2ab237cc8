package oauth

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"slices"

	"openbank/oauth/assertion"
	"openbank/store"
)

// Grant types.
const (
	GrantClientCredentials = "client_credentials"
	GrantPassword          = "password"
	GrantAuthorizationCode = "authorization_code"
	GrantRefreshToken      = "refresh_token"
)

// GrantTypes lists every grant type, in the order documents list them.
var GrantTypes = []string{GrantAuthorizationCode, GrantRefreshToken, GrantClientCredentials, GrantPassword}

// Products lists every product a client may be granted.
var Products = []string{ProductGateway, ProductAggregation, ProductWidget, ProductCallbacks, ProductInsight, ProductPDF, ProductUpload}

// DefaultProducts are what a new client gets.
var DefaultProducts = []string{ProductGateway, ProductAggregation}

// Credentials are what a client presented to authenticate, and the client
// address it presented them from.
type Credentials struct {
	ClientID  string
	Secret    string
	HasSecret bool
	Assertion string // a private_key_jwt client assertion, or ""
	// Certificate is the TLS client certificate the request came with, or nil.
	Certificate *x509.Certificate
	Address     string
}

// Client is an authenticated client and its security profile.
type Client struct {
	store.Client
	Security store.ClientSecurity
}

// Public reports whether the client has no secret nor keys to
// authenticate with (it must use PKCE).
func (c Client) Public() bool { return c.SecretDigest == nil && c.Security.AuthMethod == "" }

// Allows reports whether the client may use grant.
func (c Client) Allows(grant string) bool { return slices.Contains(c.Grants, grant) }

// AuthenticateClient checks a client's credentials: a confidential client
// must present its secret, a public one none. Failures count towards the
// throttle of the (client id, address) pair and of the address, never of
// the client id alone: client ids are public.
func (s *Server) AuthenticateClient(ctx context.Context, cr Credentials) (Client, *Error) {
	invalid := Errorf(ErrInvalidClient, "client authentication failed")
	if cr.Assertion != "" && cr.ClientID == "" {
		id, err := assertion.ClientID(cr.Assertion)
		if err != nil {
			return Client{}, Errorf(ErrInvalidClient, "%s", err.Error())
		}
		cr.ClientID = id
	}
	if cr.ClientID == "" {
		return Client{}, Errorf(ErrInvalidClient, "client authentication is required (HTTP Basic or client_id in the body)")
	}
	if !plainText(cr.ClientID) || !plainText(cr.Secret) {
		return Client{}, invalid // such bytes can name no client and must not reach a query
	}
	keys := s.clientKeys(cr.ClientID, cr.Address)
	v, gerr := s.gate(ctx, keys, ErrInvalidClient)
	if gerr != nil {
		return Client{}, gerr
	}
	c, err := s.clientForAuth(ctx, cr.ClientID)
	if errors.Is(err, store.ErrNotFound) {
		return Client{}, orElse(s.fail(ctx, keys.address), invalid)
	}
	if err != nil {
		return Client{}, serverError(err)
	}
	client := Client{Client: c.Client, Security: c.Security}
	if err := s.checkCredentials(ctx, client, cr, invalid); err != nil {
		if err.Code != ErrInvalidClient {
			return Client{}, err
		}
		return Client{}, orElse(s.fail(ctx, keys.pair, keys.address), err)
	}
	if err := s.succeed(ctx, keys, v); err != nil {
		return Client{}, err
	}
	return client, nil
}

// checkCredentials checks what the client presented against the way it
// authenticates: a client assertion for private_key_jwt, its certificate
// for tls_client_auth, otherwise its secret, or nothing for a public
// client. invalid answers a wrong secret.
func (s *Server) checkCredentials(ctx context.Context, c Client, cr Credentials, invalid *Error) *Error {
	switch c.Security.AuthMethod {
	case AuthPrivateKeyJWT:
		if cr.Assertion == "" || cr.HasSecret {
			return Errorf(ErrInvalidClient, "this client authenticates with private_key_jwt (a client_assertion), not a secret")
		}
		return s.checkAssertion(ctx, c, cr.Assertion)
	case AuthTLSClient:
		if cr.HasSecret || cr.Assertion != "" {
			return Errorf(ErrInvalidClient, "this client authenticates with its TLS client certificate, not a secret")
		}
		return s.checkCertificate(c, cr.Certificate)
	}
	if cr.Assertion != "" {
		return Errorf(ErrInvalidClient, "this client has no keys for private_key_jwt; it authenticates with its secret")
	}
	public := c.SecretDigest == nil
	if public != !cr.HasSecret || (!public && !secretAccepted(c.Client, cr.Secret, s.now())) {
		return invalid
	}
	return nil
}

// orElse is err when there is one, otherwise answer.
func orElse(err, answer *Error) *Error {
	if err != nil {
		return err
	}
	return answer
}

// clientForAuth reads a client and its lock through the client cache; an
// unknown client is store.ErrNotFound.
func (s *Server) clientForAuth(ctx context.Context, id string) (authClient, error) {
	c, err := s.cachedClient(ctx, id, false)
	if err != nil {
		return authClient{}, err
	}
	if c == nil {
		return authClient{}, fmt.Errorf("oauth: client %q: %w", id, store.ErrNotFound)
	}
	return *c, nil
}
