package ratelimit

import (
	"context"
	"testing"
	"time"
)

// TestShare divides a limit by the instances alive and picks up a client's
// new limit at the next sync.
func TestShare(t *testing.T) {
	st := &fakeStore{own: map[string]int{}, instances: 3}
	l := newLimiter(st, 30, &frozen{t: time.Unix(1e9, 0)})
	if err := l.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	allowed, first := 0, l.Take(context.Background(), "c")
	for d := first; d.Allowed; d = l.Take(context.Background(), "c") {
		allowed++
	}
	if allowed != 10 || first.Limit != 30 || first.Remaining != 27 {
		t.Fatalf("3 instances, limit 30: %d allowed, first %+v; want 10 and Remaining 27", allowed, first)
	}
	st.mu.Lock()
	st.own["c"], st.instances = 100, 1
	st.mu.Unlock()
	if err := l.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if d := l.Take(context.Background(), "c"); d.Limit != 100 || l.Instances() != 1 {
		t.Fatalf("after sync: %+v with %d instances", d, l.Instances())
	}
}

// TestSyncSoon syncs in the background once the interval has passed.
func TestSyncSoon(t *testing.T) {
	st := &fakeStore{instances: 4}
	l := New(st, Options{Requests: 8, Window: time.Minute, Sync: time.Millisecond})
	deadline := time.Now().Add(5 * time.Second)
	for l.Instances() != 4 {
		if time.Now().After(deadline) {
			t.Fatal("the instances were never counted")
		}
		l.Take(context.Background(), "c")
		time.Sleep(2 * time.Millisecond)
	}
}
