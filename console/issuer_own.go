package console

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"openbank/oauth"
	"openbank/store"
)

// ConsoleClientID is the client the console signs in with at Openbank's
// own issuer, registered at start.
const ConsoleClientID = "openbank-console"

// OwnIssuer signs admins in at the server's own authorization server. The
// code is redeemed in process and the ID token is verified by go-oidc with
// the server's own published keys, so nothing calls the server over the
// network, at start or at sign-in.
type OwnIssuer struct {
	server   *oauth.Server
	registry *oauth.Registry
	cfg      oauth2.Config
}

// NewOwnIssuer registers (or updates) the console's public client in
// registry, adding this instance's redirect URI, publicURL/admin/callback
// (the console's sign-in return), to those already registered, and returns
// the issuer. Instances on one database with different PUBLIC_URLs thus
// each keep their own exact redirect URI instead of replacing each
// other's; as they should agree, the disagreement is logged as a warning.
func NewOwnIssuer(ctx context.Context, server *oauth.Server, registry *oauth.Registry, publicURL string) (*OwnIssuer, error) {
	redirect := publicURL + "/admin/callback"
	spec := oauth.ClientSpec{ClientID: ConsoleClientID, Public: true, Name: "Openbank console",
		Grants: []string{oauth.GrantAuthorizationCode}, RedirectURIs: []string{redirect}}
	_, _, err := registry.CreateClient(ctx, spec)
	if errors.Is(err, store.ErrConflict) {
		var c store.Client
		c, err = registry.UpdateClient(ctx, ConsoleClientID, func(c *store.Client) error {
			if !slices.Contains(c.RedirectURIs, redirect) {
				c.RedirectURIs = append(c.RedirectURIs, redirect)
			}
			c.Grants = []string{oauth.GrantAuthorizationCode}
			return nil
		})
		warnOtherRedirects(ctx, redirect, c.RedirectURIs)
	}
	if err != nil {
		return nil, fmt.Errorf("console: console client: %w", err)
	}
	server.TrustFirstParty(ConsoleClientID) // an admin is not asked to consent to the console
	return &OwnIssuer{server: server, registry: registry, cfg: oauth2.Config{
		ClientID: ConsoleClientID, RedirectURL: redirect, Scopes: []string{oidc.ScopeOpenID},
		Endpoint: oauth2.Endpoint{AuthURL: server.Issuer() + "/oauth2/authorize", TokenURL: server.Issuer() + "/oauth2/token"},
	}}, nil
}

// warnOtherRedirects logs a warning when the console client has redirect
// URIs besides this instance's: other instances on the database have
// another PUBLIC_URL (or had, before it changed).
func warnOtherRedirects(ctx context.Context, own string, all []string) {
	others := slices.DeleteFunc(slices.Clone(all), func(u string) bool { return u == own })
	if len(others) > 0 {
		slog.WarnContext(ctx, "console: instances on this database disagree on PUBLIC_URL; "+
			"the console client accepts the redirect URI of each (remove a retired one with "+
			"openbank client update --client-id "+ConsoleClientID+" --redirect-uri)",
			"redirect_uri", own, "other_redirect_uris", others)
	}
}

// AuthCodeURL implements Issuer.
func (o *OwnIssuer) AuthCodeURL(_ context.Context, state, nonce, verifier string) (string, error) {
	return authCodeURL(&o.cfg, state, nonce, verifier), nil
}

// Identify implements Issuer: the user is an admin when the users table
// says so.
func (o *OwnIssuer) Identify(ctx context.Context, code, verifier, nonce string) (Identity, error) {
	client, oerr := o.server.AuthenticateClient(ctx, oauth.Credentials{ClientID: ConsoleClientID})
	if oerr != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrLogin, oerr)
	}
	resp, oerr := o.server.ExchangeCode(ctx, client, code, o.cfg.RedirectURL, verifier)
	if oerr != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrLogin, oerr)
	}
	tok, err := o.verifier().Verify(ctx, resp.IDToken)
	if err != nil || tok.Nonce != nonce {
		return Identity{}, fmt.Errorf("%w: ID token: %v", ErrLogin, err)
	}
	u, err := o.registry.User(ctx, tok.Subject)
	if errors.Is(err, store.ErrNotFound) {
		return Identity{Username: tok.Subject}, nil
	}
	if err != nil {
		return Identity{}, err
	}
	return Identity{Username: u.Username, Admin: u.Admin}, nil
}

// SignOut implements Issuer: every account session of the admin at the
// authorize page ends, on every instance. The console does not know which
// of them this browser holds (the authorization server's cookie is its
// own), and the sign-out page promises every device.
func (o *OwnIssuer) SignOut(ctx context.Context, username string) (string, error) {
	if err := o.server.EndSessionsOf(ctx, username); err != nil {
		return "", err
	}
	return "", nil
}

// verifier checks ID tokens against the keys the server publishes now.
func (o *OwnIssuer) verifier() *oidc.IDTokenVerifier {
	set := o.server.Keys().Public()
	keys := make([]crypto.PublicKey, 0, len(set.Keys))
	for _, k := range set.Keys {
		keys = append(keys, k.Key)
	}
	return oidc.NewVerifier(o.server.Issuer(), &oidc.StaticKeySet{PublicKeys: keys},
		&oidc.Config{ClientID: ConsoleClientID, SupportedSigningAlgs: []string{oidc.ES256}})
}
