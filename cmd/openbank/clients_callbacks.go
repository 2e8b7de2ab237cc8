package main

import (
	"context"
	"fmt"

	"openbank/aggregation"
	"openbank/web"
)

// checkCallbackURLs refuses, before anything is stored, callback URLs that
// the outbound-request policy forbids: plain http, credentials in the URL,
// a port other than 443 and CALLBACK_ALLOWED_PORTS, and loopback, private,
// link-local and other internal addresses in any spelling or behind a
// name. CALLBACK_ALLOW_PRIVATE=true lifts it (but for credentials) for
// local work; a refusal it would lift says so, since the command reads its
// own environment, not that of a running `serve --demo`.
func checkCallbackURLs(ctx context.Context, cfg web.Config, success, failure string) error {
	policy := cfg.Outbound()
	for _, u := range []struct{ flag, url string }{{"--callback-success", success}, {"--callback-failure", failure}} {
		err := aggregation.CheckCallbackURL(ctx, policy, u.flag, u.url)
		if err == nil {
			continue
		}
		lifted := policy
		lifted.AllowPrivate = true
		if !policy.AllowPrivate && aggregation.CheckCallbackURL(ctx, lifted, u.flag, u.url) == nil {
			return fmt.Errorf("%w; for local work run this command with CALLBACK_ALLOW_PRIVATE=true "+
				"(serve --demo allows such callbacks for the server it starts, not for this command)", err)
		}
		return err
	}
	return nil
}
