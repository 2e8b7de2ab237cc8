package web

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
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
// the recording of its jti. The proofs are signed before the timer starts,
// as a client signs its own on its own machine; dpop-parallel sends them
// from every core at once, whose jtis are recorded in group commits.
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
	call := func(b *testing.B, scheme, token, proof string) {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", scheme+" "+token)
		if proof != "" {
			req.Header.Set("DPoP", proof)
		}
		rec := httptest.NewRecorder()
		in.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Error(rec.Code, rec.Body.String())
		}
	}
	proofs := func(b *testing.B) []string {
		out := make([]string, b.N)
		for i := range out {
			out[i] = h.proof(b, "GET", in.base+path, dpopToken, nil)
		}
		b.ReportAllocs()
		b.ResetTimer()
		return out
	}
	b.Run("bearer", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			call(b, "Bearer", bearer, "")
		}
	})
	b.Run("dpop", func(b *testing.B) {
		for _, proof := range proofs(b) {
			call(b, "DPoP", dpopToken, proof)
		}
	})
	b.Run("bearer-parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				call(b, "Bearer", bearer, "")
			}
		})
	})
	b.Run("dpop-parallel", func(b *testing.B) {
		all := proofs(b)
		var next atomic.Int64
		b.SetParallelism(8) // 16 requests at once, as from many connections
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				call(b, "DPoP", dpopToken, all[next.Add(1)-1])
			}
		})
	})
}
