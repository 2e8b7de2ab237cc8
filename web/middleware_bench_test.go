package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

// BenchmarkMiddlewareChain is the cost of the middleware chain in process:
// GET /healthz behind it beside the bench's route of an engine without it.
func BenchmarkMiddlewareChain(b *testing.B) {
	in := newInstance(b)
	in.cfg.BenchRoutes = true
	in.benchRoutes()
	for _, path := range []string{benchBarePath, "/healthz"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				rec := httptest.NewRecorder()
				in.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkTokenClientCredentials is one client_credentials token request
// in process: the client's authentication, the token's signature and its
// row.
func BenchmarkTokenClientCredentials(b *testing.B) {
	in := newInstance(b)
	cl := in.client(b, oauth.ClientSpec{})
	body := url.Values{"grant_type": {"client_credentials"}}.Encode()
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/oauth2/token", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(cl.id, cl.secret)
		rec := httptest.NewRecorder()
		in.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}
