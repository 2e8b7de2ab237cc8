package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

// BenchmarkSearchShowcases searches by nameFilter among 100,000 showcases
// of the caller (the worst case: every one is visible) and reports the
// median latency of one search, page and count included.
func BenchmarkSearchShowcases(b *testing.B) {
	st := storetest.NewStore(b)
	ctx := context.Background()
	if err := st.SeedShowcases(ctx, "bench", "showcase", 100_000, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		b.Fatal(err)
	}
	v := store.Viewer{Subject: "bench", Username: "bench"}
	cases := []struct {
		name   string
		filter func(*rand.Rand) string
	}{
		{"one-match", func(r *rand.Rand) string { return fmt.Sprintf("CASE-%06d", 1+r.IntN(100_000)) }},
		{"dozens-match", func(r *rand.Rand) string { return fmt.Sprintf("%04d", r.IntN(10_000)) }},
		{"all-match", func(*rand.Rand) string { return "showcase" }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				_, err := st.ListShowcases(ctx, v, store.ShowcaseFilter{NameContains: c.filter(rng)}, store.Page{Size: 20})
				if err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		})
	}
}
