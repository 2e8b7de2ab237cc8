package console

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// ExternalConfig names an external OpenID provider and the claim whose
// value makes a signed-in user an admin.
type ExternalConfig struct {
	Issuer       string
	ClientID     string
	ClientSecret string // empty: a public client (PKCE only)
	RedirectURL  string // PUBLIC_URL/admin/callback; the sign-out comes back beside it, to /admin/signed-out
	AdminClaim   string // e.g. groups, or sub
	AdminValues  []string
	HTTP         *http.Client // nil: http.DefaultClient
}

// ExternalIssuer signs admins in at another OpenID provider. The provider
// is discovered at the first sign-in, not at start, so the server starts
// while the provider is away.
type ExternalIssuer struct {
	cfg      ExternalConfig
	mu       sync.Mutex
	provider *oidc.Provider
}

// NewExternalIssuer returns the issuer of cfg.
func NewExternalIssuer(cfg ExternalConfig) *ExternalIssuer { return &ExternalIssuer{cfg: cfg} }

// discover returns the provider, discovering it once it answers.
func (e *ExternalIssuer) discover(ctx context.Context) (*oidc.Provider, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.provider != nil {
		return e.provider, nil
	}
	p, err := oidc.NewProvider(e.context(ctx), e.cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("console: discover %s: %w", e.cfg.Issuer, err)
	}
	e.provider = p
	return p, nil
}

func (e *ExternalIssuer) context(ctx context.Context) context.Context {
	if e.cfg.HTTP == nil {
		return ctx
	}
	return oidc.ClientContext(ctx, e.cfg.HTTP)
}

func (e *ExternalIssuer) oauth2(p *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: e.cfg.ClientID, ClientSecret: e.cfg.ClientSecret, RedirectURL: e.cfg.RedirectURL,
		Endpoint: p.Endpoint(), Scopes: scopes(p)}
}

// scopes asks for openid, and for profile (preferred_username) and
// groups when the provider says it offers them.
func scopes(p *oidc.Provider) []string {
	var doc struct {
		Supported []string `json:"scopes_supported"`
	}
	out := []string{oidc.ScopeOpenID}
	if err := p.Claims(&doc); err != nil {
		return out
	}
	for _, s := range []string{oidc.ScopeProfile, "groups"} {
		if slices.Contains(doc.Supported, s) {
			out = append(out, s)
		}
	}
	return out
}

// AuthCodeURL implements Issuer.
func (e *ExternalIssuer) AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error) {
	p, err := e.discover(ctx)
	if err != nil {
		return "", err
	}
	return authCodeURL(e.oauth2(p), state, nonce, verifier), nil
}

// Identify implements Issuer: the user is an admin when the ID token's
// AdminClaim holds one of AdminValues (a string or a list of strings).
func (e *ExternalIssuer) Identify(ctx context.Context, code, verifier, nonce string) (Identity, error) {
	p, err := e.discover(ctx)
	if err != nil {
		return Identity{}, err
	}
	tok, err := e.oauth2(p).Exchange(e.context(ctx), code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrLogin, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	id, err := p.Verifier(&oidc.Config{ClientID: e.cfg.ClientID}).Verify(ctx, raw)
	if err != nil || id.Nonce != nonce {
		return Identity{}, fmt.Errorf("%w: ID token: %v", ErrLogin, err)
	}
	var claims map[string]any
	if err := id.Claims(&claims); err != nil {
		return Identity{}, fmt.Errorf("%w: claims: %v", ErrLogin, err)
	}
	name, _ := claims["preferred_username"].(string)
	if name == "" {
		name = id.Subject
	}
	return Identity{Username: name, External: true, Admin: e.admin(claims[e.cfg.AdminClaim])}, nil
}

// SignOut implements Issuer: the browser goes to the provider's
// end_session_endpoint (OpenID Connect RP-Initiated Logout) when its
// discovery document names one, and comes back to the console's signed-out
// page (beside RedirectURL); without one, or while the provider is away,
// the console's session alone has ended.
func (e *ExternalIssuer) SignOut(ctx context.Context, _ string) (string, error) {
	endpoint := e.endSessionEndpoint(ctx)
	if endpoint == "" {
		return "", nil
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return "", fmt.Errorf("console: end_session_endpoint %q: not an http(s) URL", endpoint)
	}
	q := u.Query()
	q.Set("client_id", e.cfg.ClientID)
	q.Set("post_logout_redirect_uri", strings.TrimSuffix(e.cfg.RedirectURL, "/callback")+"/signed-out")
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// endSessionEndpoint is the provider's end_session_endpoint, or "" when
// its discovery document names none or the provider cannot be reached.
func (e *ExternalIssuer) endSessionEndpoint(ctx context.Context) string {
	p, err := e.discover(ctx)
	if err != nil {
		return ""
	}
	var doc struct {
		EndSession string `json:"end_session_endpoint"`
	}
	if p.Claims(&doc) != nil {
		return ""
	}
	return doc.EndSession
}

// admin reports whether a claim's value makes an admin.
func (e *ExternalIssuer) admin(v any) bool {
	switch v := v.(type) {
	case string:
		return slices.Contains(e.cfg.AdminValues, v)
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok && slices.Contains(e.cfg.AdminValues, s) {
				return true
			}
		}
	}
	return false
}
