package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// forwardedFor sends each request as a trusted proxy would for addr.
type forwardedFor string

func (a forwardedFor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", string(a))
	return http.DefaultTransport.RoundTrip(r)
}

// browserAt is a browser behind the trusted proxy at addr.
func browserAt(addr string) *http.Client {
	b := browser()
	b.Transport = forwardedFor(addr)
	return b
}

// TestPortalThrottlesSignUpAndResetRequests: sign-ups and reset requests
// count per client address (the one TRUSTED_PROXIES forwards), 5 free,
// then 429 with Retry-After on the form; another address is not held back.
func TestPortalThrottlesSignUpAndResetRequests(t *testing.T) {
	t.Parallel()
	mb := newMailbox(t)
	in := startInstanceWith(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1", "SMTP_ADDR": mb.addr(),
		"SMTP_FROM": "developers@openbank.test"})
	for _, form := range []struct{ page, action string }{{"/portal/signup", "/portal/signup"}, {"/portal/reset", "/portal/reset"}} {
		t.Run(form.action, func(t *testing.T) {
			b := browserAt("203.0.113.7")
			for i := range 5 { // a short password: refused fast, counted all the same
				if code, _ := consoleSubmit(t, in, b, form.page, form.action, url.Values{"email": {"x@example.com"},
					"password": {"short"}}); code == http.StatusTooManyRequests {
					t.Fatalf("request %d refused as too many", i+1)
				}
			}
			_, page := consolePage(t, b, in.base+form.page)
			resp := post(t, b, in.base+form.action, url.Values{"csrf_token": {csrfToken(t, page)}, "email": {"y@example.com"},
				"password": {"a long enough password"}})
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
				t.Fatalf("the 6th request: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
			}
			code, body := consoleSubmit(t, in, b, form.page, form.action, url.Values{"email": {"y@example.com"},
				"password": {"a long enough password"}})
			if code != http.StatusTooManyRequests || !strings.Contains(body, "Too many requests from your address; retry after") {
				t.Errorf("the page of a throttled request: %d %s", code, body)
			}
			if code, _ := consoleSubmit(t, in, browserAt("203.0.113.8"), form.page, form.action, url.Values{"email": {"z@example.com"},
				"password": {"a long enough password"}}); code == http.StatusTooManyRequests {
				t.Errorf("another address is held back")
			}
		})
	}
}
