package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"openbank/oauth"
)

// BenchmarkBearerOverhead is the server's own cost of bearer
// authentication: the same no-op route with and without it, in process (no
// network), both requests carrying the token. `make bench` measures the
// whole call, the token's bytes on the wire included.
func BenchmarkBearerOverhead(b *testing.B) {
	in := newInstance(b)
	cl := in.client(b, oauth.ClientSpec{})
	_, tok, _ := in.tokenCall(b, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	access := tok["access_token"].(string)
	in.cfg.BenchRoutes = true
	in.benchRoutes()
	for _, path := range []string{"/bench/ref/noop", "/bench/ref/noop-auth"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+access)
				rec := httptest.NewRecorder()
				in.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
