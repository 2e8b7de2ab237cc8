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
			cpu := processCPU()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+access)
				rec := httptest.NewRecorder()
				in.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkDPoPBoundCall is the server's cost of a DPoP-bound call beside
// a bearer call on the same route: the proof's signature, its checks and
// the INSERT of its jti. The client's signing of each proof is outside the
// timer.
func BenchmarkDPoPBoundCall(b *testing.B) {
	in := newInstance(b)
	cl := in.client(b, oauth.ClientSpec{})
	_, tok, _ := in.tokenCall(b, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	bearer := tok["access_token"].(string)
	h := newHolder(b)
	_, bound, _ := h.post(b, in, "/oauth2/token", cl, map[string][]string{"grant_type": {"client_credentials"}})
	dpopToken := bound["access_token"].(string)
	in.cfg.BenchRoutes = true
	in.benchRoutes()
	const path = "/bench/ref/noop-auth"
	b.Run("bearer", func(b *testing.B) {
		for b.Loop() {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", "Bearer "+bearer)
			rec := httptest.NewRecorder()
			in.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
		}
	})
	b.Run("dpop", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			proof := h.proof(b, "GET", in.base+path, dpopToken, nil)
			b.StartTimer()
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", "DPoP "+dpopToken)
			req.Header.Set("DPoP", proof)
			rec := httptest.NewRecorder()
			in.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code, rec.Body.String())
			}
		}
	})
}
