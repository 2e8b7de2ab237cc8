package main

import (
	"context"
	"flag"
	"os"
	"strings"
	"time"

	"openbank/aggregation"
	"openbank/store"
)

// clientSecurityFlags sets how callbacks authenticate to a client's
// endpoints: mutual TLS with the operator's certificate, and the client's
// token endpoint. The token endpoint's secret is read from a file, never
// from the command line (which other users of the machine can see).
func clientSecurityFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	id := fs.String("client-id", "", "the client (required)")
	mtls := fs.Bool("mtls", false, "present the operator's client certificate (CALLBACK_TLS_CERT_FILE) to the client's callback endpoints")
	tokenURL := fs.String("token-url", "", "the client's OAuth token endpoint for callbacks (client credentials); empty: none")
	tokenID := fs.String("token-client-id", "", "the client id Openbank has at that token endpoint")
	secretFile := fs.String("token-secret-file", "", "a file holding the secret Openbank has there; omitted: keep the saved one")
	scope := fs.String("token-scope", "", "the scope to ask the token endpoint for")
	return func(ctx context.Context, env *environment) error {
		if err := required("client-id", *id); err != nil {
			return err
		}
		sec := store.CallbackSecurity{ClientID: *id, MTLS: *mtls, TokenURL: *tokenURL, TokenClientID: *tokenID, TokenScope: *scope}
		if *secretFile != "" {
			b, err := os.ReadFile(*secretFile) //nolint:gosec // G304: the file the operator names
			if err != nil {
				return err
			}
			sec.TokenSecret = []byte(strings.TrimRight(string(b), "\r\n"))
		}
		db, err := openDB(ctx, env.cfg)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		outbound := env.cfg.Outbound()
		agg := &aggregation.Service{Store: db.Store, Outbound: outbound}
		if id := env.cfg.Callbacks.Identity; len(id.Certificates) > 0 {
			agg.MTLSHTTP = outbound.ClientWith(10*time.Second, id)
		}
		before, err := agg.CallbackSecurity(ctx, *id)
		if err != nil {
			return err
		}
		if err := agg.SetCallbackSecurity(ctx, sec); err != nil {
			return err
		}
		after, err := agg.CallbackSecurity(ctx, *id)
		if err != nil {
			return err
		}
		view := func(s store.CallbackSecurity) map[string]any {
			return map[string]any{"client_id": s.ClientID, "mtls": s.MTLS, "token_url": s.TokenURL,
				"token_client_id": s.TokenClientID, "token_scope": s.TokenScope, "token_secret": len(s.TokenSecret) > 0}
		}
		if err := recordChange(ctx, db.Store, "client.callback-security", "client/"+*id, view(before), view(after)); err != nil {
			return err
		}
		return printJSON(env.stdout, view(after))
	}
}
