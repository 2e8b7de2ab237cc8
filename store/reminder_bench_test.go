package store_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// BenchmarkCreateReminder creates reminders concurrently, spread over 64
// showcases, as POST /showcases/{s}/reminders does after validation.
func BenchmarkCreateReminder(b *testing.B) {
	st := storetest.NewStore(b)
	ctx := context.Background()
	if err := st.SeedShowcases(ctx, "bench", "showcase", 64, time.Now()); err != nil {
		b.Fatal(err)
	}
	v := store.Viewer{Subject: "bench", Username: "bench"}
	rules := store.ReminderRules{Limit: 1_000_000, WriteLevel: "FULL_ACCESS", Gate: func(store.Showcase) error { return nil }}
	var n atomic.Int64
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			r := store.Reminder{Showcase: fmt.Sprintf("showcase-%06d", 1+i%64), Identifier: uuid.Must(uuid.NewV7()).String(),
				Relevance: int32(i), TextIdx: int32(i % 12)}
			if _, err := st.CreateReminder(ctx, r, v, rules); err != nil {
				b.Fatal(err)
			}
		}
	})
}
