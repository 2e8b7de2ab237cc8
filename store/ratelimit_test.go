package store_test

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

// TestClientRateLimits stores a client's own limit, reads it back one by
// one and all at once, and returns it to the default.
func TestClientRateLimits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	for _, id := range []string{"a", "b"} {
		if err := st.CreateClient(ctx, store.Client{ClientID: id, Name: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetClientRateLimit(ctx, "a", 50); err != nil {
		t.Fatal(err)
	}
	if err := st.SetClientRateLimit(ctx, "nobody", 50); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown client: %v, want ErrNotFound", err)
	}
	tests := []struct {
		client string
		want   int
	}{{"a", 50}, {"b", 0}, {"nobody", 0}}
	for _, tt := range tests {
		got, err := st.ClientRateLimit(ctx, tt.client)
		if err != nil || got != tt.want {
			t.Errorf("ClientRateLimit(%s) = %d, %v; want %d", tt.client, got, err, tt.want)
		}
	}
	all, err := st.ClientRateLimits(ctx)
	if err != nil || !maps.Equal(all, map[string]int{"a": 50}) {
		t.Fatalf("ClientRateLimits = %v, %v", all, err)
	}
	c, err := st.GetClient(ctx, "a")
	if err != nil || c.RateLimit != 50 {
		t.Fatalf("GetClient: rate limit %d, %v", c.RateLimit, err)
	}
	if err := st.SetClientRateLimit(ctx, "a", 0); err != nil {
		t.Fatal(err)
	}
	if all, err := st.ClientRateLimits(ctx); err != nil || len(all) != 0 {
		t.Fatalf("after reset: %v, %v", all, err)
	}
}

// TestRateLimitHeartbeat counts the instances alive and forgets the stale.
func TestRateLimitHeartbeat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	steps := []struct {
		instance string
		want     int
	}{{"one", 1}, {"one", 1}, {"two", 2}, {"one", 2}}
	for _, s := range steps {
		n, err := st.RateLimitHeartbeat(ctx, s.instance, time.Minute)
		if err != nil || n != s.want {
			t.Fatalf("heartbeat of %s = %d, %v; want %d", s.instance, n, err, s.want)
		}
	}
	time.Sleep(20 * time.Millisecond)
	if n, err := st.RateLimitHeartbeat(ctx, "one", 10*time.Millisecond); err != nil || n != 1 {
		t.Fatalf("after two went stale = %d, %v; want 1", n, err)
	}
}
