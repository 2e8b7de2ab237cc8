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

// Credentials are what a client presented to authenticate.
type Credentials struct {
	ClientID  string
	Secret    string
	HasSecret bool
}

// Client is an authenticated client.
type Client struct{ store.Client }

// Public reports whether the client has no secret (it must use PKCE).
func (c Client) Public() bool { return c.SecretDigest == nil }

// Allows reports whether the client may use grant.
func (c Client) Allows(grant string) bool { return slices.Contains(c.Grants, grant) }

// AuthenticateClient checks a client's credentials: a confidential client
// must present its secret, a public one none. Failures count towards the
// client's throttle.
func (s *Server) AuthenticateClient(ctx context.Context, cr Credentials) (Client, *Error) {
	invalid := Errorf(ErrInvalidClient, "client authentication failed")
	if cr.ClientID == "" {
		return Client{}, Errorf(ErrInvalidClient, "client authentication is required (HTTP Basic or client_id in the body)")
	}
	c, err := s.clientForAuth(ctx, cr.ClientID)
	if errors.Is(err, store.ErrNotFound) {
		return Client{}, invalid
	}
	if err != nil {
		return Client{}, serverError(err)
	}
	key := "client:" + c.ClientID
	if now := s.now(); c.LockedUntil.Valid && c.LockedUntil.Time.After(now) {
		return Client{}, slowDown("client", c.LockedUntil.Time, now)
	}
	public := c.SecretDigest == nil
	if public != !cr.HasSecret || (!public && !SecretMatches(cr.Secret, c.SecretDigest)) {
		s.clients.drop(c.ClientID)
		if err := s.fail(ctx, key); err != nil {
			return Client{}, serverError(err)
		}
		return Client{}, invalid
	}
	if c.LockedUntil.Valid {
		if err := s.db.ClearFailures(ctx, key); err != nil {
			return Client{}, serverError(err)
		}
		s.clients.drop(c.ClientID)
	}
	return Client{c.Client}, nil
}

// clientForAuth reads a client and its lock through the client cache; an
// unknown client is store.ErrNotFound.
func (s *Server) clientForAuth(ctx context.Context, id string) (store.ClientWithThrottle, error) {
	c, err := s.cachedClient(ctx, id, false)
	if err != nil {
		return store.ClientWithThrottle{}, err
	}
	if c == nil {
		return store.ClientWithThrottle{}, fmt.Errorf("oauth: client %q: %w", id, store.ErrNotFound)
	}
	return *c, nil
}
