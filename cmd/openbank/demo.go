package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"openbank/oauth"
	"openbank/store"
	"openbank/web"
)

// The demo's fixed credentials, documented in the README. They are for a
// local installation only.
const (
	demoClientID     = "demo-client"
	demoClientSecret = "demo-client-secret" //nolint:gosec // G101: the documented demo credentials of a local installation
	demoUser         = "demo"
	demoPassword     = "demo-password"
	demoAdmin        = "admin"
	demoAdminPass    = "admin-password"
)

func demoFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		return seedDemo(ctx, db, env.cfg, env.stdout)
	}
}

// seedDemo creates, unless they exist, the demo client (every grant and
// product; no callback URLs until set with `openbank client update`) and the
// demo and admin users, and prints their credentials.
func seedDemo(ctx context.Context, db *web.Database, cfg web.Config, w io.Writer) error {
	base := strings.TrimSuffix(cfg.PublicURL.String(), "/")
	origin, redirect := cfg.PublicURL.Scheme+"://"+cfg.PublicURL.Host, base+"/docs/callback"
	registry := registryOf(db.Store, cfg)
	_, _, err := registry.CreateClient(ctx, oauth.ClientSpec{
		ClientID: demoClientID, Secret: demoClientSecret, Name: "Openbank demo",
		Grants: oauth.GrantTypes, RedirectURIs: []string{redirect}, ReturnOrigins: []string{origin},
		Products: oauth.Products,
	})
	if errors.Is(err, store.ErrConflict) {
		err = demoAddresses(ctx, db.Store, registry, origin, redirect)
	}
	if err != nil {
		return fmt.Errorf("demo client: %w", err)
	}
	for _, u := range []struct {
		name, password string
		admin          bool
	}{{demoUser, demoPassword, false}, {demoAdmin, demoAdminPass, true}} {
		err := registry.CreateUser(ctx, u.name, u.password, u.admin)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("demo user %s: %w", u.name, err)
		}
	}
	fmt.Fprintf(w, `Demo data is ready (fixed credentials, for local use only):
  client     client_id=%s client_secret=%s (all grants and products)
             redirect URI %s
             widget returnTo origin %s
  user       username=%s password=%s
  admin      username=%s password=%s
  try:       curl -u %s:%s -d grant_type=client_credentials %s/oauth2/token
  docs:      %s/docs (quickstart, the interactive reference of each API, the Go libraries)
`, demoClientID, demoClientSecret, redirect, origin, demoUser, demoPassword, demoAdmin, demoAdminPass, demoClientID, demoClientSecret, base, base)
	if cfg.CallbackAllowPrivate {
		fmt.Fprintln(w, "  callbacks  may go to plain http and private addresses (CALLBACK_ALLOW_PRIVATE=true): never in production")
	}
	return nil
}

// demoAddresses registers the redirect URI and return origin of the
// current PUBLIC_URL on a demo client made under an earlier one, so that
// the addresses the banner prints work.
func demoAddresses(ctx context.Context, st *store.Store, registry *oauth.Registry, origin, redirect string) error {
	c, err := st.GetClient(ctx, demoClientID)
	if err != nil || (slices.Contains(c.RedirectURIs, redirect) && slices.Contains(c.ReturnOrigins, origin)) {
		return err
	}
	_, err = registry.UpdateClient(ctx, demoClientID, func(c *store.Client) error {
		if !slices.Contains(c.RedirectURIs, redirect) {
			c.RedirectURIs = append(c.RedirectURIs, redirect)
		}
		if !slices.Contains(c.ReturnOrigins, origin) {
			c.ReturnOrigins = append(c.ReturnOrigins, origin)
		}
		return nil
	})
	return err
}
