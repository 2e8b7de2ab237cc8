package ratelimit

import (
	"context"
	"sync/atomic"
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

// blockingStore holds each heartbeat until its context ends, counting them.
type blockingStore struct {
	fakeStore
	started chan struct{}
	beats   atomic.Int32
}

func (b *blockingStore) RateLimitHeartbeat(ctx context.Context, _ string, _ time.Duration) (int, error) {
	b.beats.Add(1)
	b.started <- struct{}{}
	<-ctx.Done()
	return 0, ctx.Err()
}

// TestCloseEndsSync ends the background sync that is running and starts
// none after Close.
func TestCloseEndsSync(t *testing.T) {
	st := &blockingStore{started: make(chan struct{}, 1)}
	l := New(st, Options{Requests: 8, Window: time.Minute, Sync: time.Hour})
	l.Take(context.Background(), "c") // the first request is due a sync
	select {
	case <-st.started:
	case <-time.After(5 * time.Second):
		t.Fatal("no sync started")
	}
	closed := make(chan struct{})
	go func() { l.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second): // the sync's own timeout is an hour
		t.Fatal("Close did not end the running sync")
	}
	l.synced.Store(0) // due again
	l.Take(context.Background(), "c")
	if n := st.beats.Load(); n != 1 {
		t.Fatalf("%d heartbeats; want the one before Close only", n)
	}
}
