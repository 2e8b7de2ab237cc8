package oauth

import (
	"context"
	"errors"
	"fmt"
	"slices"

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
	Address   string
}

// Client is an authenticated client and its security profile.
type Client struct {
	store.Client
	Security store.ClientSecurity
}

// Public reports whether the client has no secret (it must use PKCE).
func (c Client) Public() bool { return c.SecretDigest == nil }

// Allows reports whether the client may use grant.
func (c Client) Allows(grant string) bool { return slices.Contains(c.Grants, grant) }

// AuthenticateClient checks a client's credentials: a confidential client
// must present its secret, a public one none. Failures count towards the
// throttle of the (client id, address) pair and of the address, never of
// the client id alone: client ids are public.
func (s *Server) AuthenticateClient(ctx context.Context, cr Credentials) (Client, *Error) {
	invalid := Errorf(ErrInvalidClient, "client authentication failed")
	if cr.ClientID == "" {
		return Client{}, Errorf(ErrInvalidClient, "client authentication is required (HTTP Basic or client_id in the body)")
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
	public := c.SecretDigest == nil
	if public != !cr.HasSecret || (!public && !secretAccepted(c.Client, cr.Secret, s.now())) {
		return Client{}, orElse(s.fail(ctx, keys.pair, keys.address), invalid)
	}
	if err := s.succeed(ctx, keys, v); err != nil {
		return Client{}, err
	}
	return Client{Client: c.Client, Security: c.Security}, nil
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
