package main

import (
	"context"

	"openbank/aggregation"
	"openbank/web"
)

// checkCallbackURLs refuses, before anything is stored, callback URLs that
// the outbound-request policy forbids: plain http, credentials in the URL,
// a port other than 443 and CALLBACK_ALLOWED_PORTS, and loopback, private,
// link-local and other internal addresses in any spelling or behind a
// name. CALLBACK_ALLOW_PRIVATE=true lifts it (but for credentials) for
// local work.
func checkCallbackURLs(ctx context.Context, cfg web.Config, success, failure string) error {
	policy := cfg.Outbound()
	for _, u := range []struct{ flag, url string }{{"--callback-success", success}, {"--callback-failure", failure}} {
		if err := aggregation.CheckCallbackURL(ctx, policy, u.flag, u.url); err != nil {
			return err
		}
	}
	return nil
}
