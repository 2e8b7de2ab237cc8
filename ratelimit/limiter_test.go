package ratelimit

import (
	"context"
	"sync"
	"testing"
	"time"
)

// fakeStore answers the limiter from memory.
type fakeStore struct {
	mu        sync.Mutex
	own       map[string]int
	instances int
}

func (f *fakeStore) ClientRateLimit(_ context.Context, id string) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.own[id], nil
}

func (f *fakeStore) ClientRateLimits(context.Context) (map[string]int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for id, n := range f.own {
		out[id] = n
	}
	return out, nil
}

func (f *fakeStore) RateLimitHeartbeat(context.Context, string, time.Duration) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.instances, nil
}

// frozen is a clock that moves only when told.
type frozen struct{ t time.Time }

func (f *frozen) now() time.Time { return f.t }

// newLimiter is a limiter whose background sync never comes due.
func newLimiter(st *fakeStore, requests int, clock *frozen) *Limiter {
	l := New(st, Options{Requests: requests, Window: time.Minute, Now: clock.now, Sync: time.Hour})
	l.synced.Store(time.Now().UnixNano())
	return l
}

// TestBurst sends a burst beyond the limit: exactly the requests over it
// are refused, and Remaining counts down to zero.
func TestBurst(t *testing.T) {
	tests := []struct {
		name         string
		defaultLimit int
		own          int
		burst        int
		wantLimit    int
		wantRefusals int
	}{
		{"default limit", 10, 0, 25, 10, 15},
		{"own limit", 10, 4, 9, 4, 5},
		{"within the limit", 10, 0, 10, 10, 0},
		{"own limit, no default", 0, 3, 5, 3, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &fakeStore{own: map[string]int{"c": tt.own}, instances: 1}
			l := newLimiter(st, tt.defaultLimit, &frozen{t: time.Unix(1e9, 0)})
			refused, prev := 0, tt.wantLimit
			for i := range tt.burst {
				d := l.Take(context.Background(), "c")
				if d.Limit != tt.wantLimit {
					t.Fatalf("request %d: Limit %d, want %d", i, d.Limit, tt.wantLimit)
				}
				if !d.Allowed {
					refused++
					if d.Remaining != 0 || d.RetryAfter <= 0 {
						t.Fatalf("refusal %d: Remaining %d, RetryAfter %s", i, d.Remaining, d.RetryAfter)
					}
					continue
				}
				if d.Remaining != prev-1 {
					t.Fatalf("request %d: Remaining %d after %d", i, d.Remaining, prev)
				}
				prev = d.Remaining
			}
			if refused != tt.wantRefusals {
				t.Fatalf("%d refused, want %d", refused, tt.wantRefusals)
			}
		})
	}
}

// TestRefill lets time pass: the bucket refills at the limit per window,
// and Reset and Retry-After say when.
func TestRefill(t *testing.T) {
	clock := &frozen{t: time.Unix(1e9, 0)}
	l := newLimiter(&fakeStore{instances: 1}, 60, clock)
	for range 60 {
		l.Take(context.Background(), "c")
	}
	d := l.Take(context.Background(), "c")
	if d.Allowed || d.RetryAfter != time.Second || d.Reset != time.Minute {
		t.Fatalf("empty bucket: %+v", d)
	}
	clock.t = clock.t.Add(1500 * time.Millisecond)
	d = l.Take(context.Background(), "c")
	if !d.Allowed || d.Remaining != 0 || d.Reset != time.Minute {
		t.Fatalf("after 1.5s: %+v", d)
	}
	clock.t = clock.t.Add(time.Hour)
	if d = l.Take(context.Background(), "c"); d.Remaining != 59 {
		t.Fatalf("after an hour: %+v", d)
	}
}

// TestUnlimited allows everything when no limit applies.
func TestUnlimited(t *testing.T) {
	l := newLimiter(&fakeStore{instances: 1}, 0, &frozen{t: time.Unix(1e9, 0)})
	for range 1000 {
		if d := l.Take(context.Background(), "c"); !d.Allowed || d.Limit != 0 {
			t.Fatalf("unlimited: %+v", d)
		}
	}
}
