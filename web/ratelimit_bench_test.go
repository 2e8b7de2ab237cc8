package web

import (
	"context"
	"net/http"
	"testing"
	"time"

	"openbank/store/storetest"
)

// BenchmarkShowcaseRateLimit is the rate limiter's share of the showcase
// read, in process (no network): GET /gateway/v1.1.0/showcases/{name} of
// one client with the limiter off (RATE_LIMIT_REQUESTS=0) and on with a
// limit out of reach, from parallel requests. make bench measures the
// whole call; go run ./cmd/bench -only http -op "GET /showcases" runs
// only that row.
func BenchmarkShowcaseRateLimit(b *testing.B) {
	ctx := context.Background()
	for _, tt := range []struct{ name, requests string }{{"off", "0"}, {"on", "1000000000"}} {
		cfg, err := LoadConfig(env(map[string]string{"RATE_LIMIT_REQUESTS": tt.requests}))
		if err != nil {
			b.Fatal(err)
		}
		st := storetest.NewStore(b)
		s, err := NewServer(cfg, st)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(s.Close)
		token := limitedClient(b, s, st, "bench", 0)
		if err := st.SeedShowcases(ctx, "client:bench", "showcase", 1000, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
			b.Fatal(err)
		}
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := apiGet(s, "/gateway/v1.1.0/showcases/showcase-000042", token)
					if rec.Code != http.StatusOK {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
				}
			})
		})
	}
}
