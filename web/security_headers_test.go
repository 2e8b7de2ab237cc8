package web

import (
	"net/http/httptest"
	"testing"

	"openbank/handlers/secure"
	"openbank/store/storetest"
)

// TestSecurityHeadersByAddress checks that every answer carries the
// security headers, API answers (errors included) with the data policy and
// pages with the pages' policy.
func TestSecurityHeadersByAddress(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, storetest.NewDB(t))
	pages := secure.Policy{}.ContentSecurityPolicy()
	tests := []struct{ path, csp string }{
		{"/healthz", secure.DataCSP},
		{"/.well-known/openid-configuration", secure.DataCSP},
		{"/gateway/v1.1.0/showcases", secure.DataCSP}, // 401 without a token
		{"/aggregation/nothing-here", secure.DataCSP}, // 404
		{"/", pages},
		{"/no-such-page", pages},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
		h := rec.Header()
		if h.Get("Content-Security-Policy") != tt.csp {
			t.Errorf("%s (%d): Content-Security-Policy %q, want %q", tt.path, rec.Code, h.Get("Content-Security-Policy"), tt.csp)
		}
		for name, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
			"Cross-Origin-Opener-Policy": "same-origin", "X-Frame-Options": "DENY"} {
			if h.Get(name) != want {
				t.Errorf("%s: %s %q, want %q", tt.path, name, h.Get(name), want)
			}
		}
	}
}
