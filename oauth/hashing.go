package oauth

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// Default bounds of password hashing: argon2id takes 19 MiB and a core for
// tens of milliseconds, so a server checks about two passwords per core at
// once, and a check that waits longer than DefaultHashWait for its turn is
// answered 503 rather than queued without end.
const (
	hashesPerCore   = 2
	DefaultHashWait = time.Second
)

// DefaultHashConcurrency is the number of password checks in flight when
// Config.HashConcurrency is 0.
func DefaultHashConcurrency() int { return hashesPerCore * runtime.GOMAXPROCS(0) }

// hashSlots bounds the argon2id checks in flight, which bounds the memory
// a storm of sign-in attempts can take. Waiters are served in order, those
// of the priority lane (a user signing in from an address that signed them
// in before) first, so that a storm from fresh addresses cannot crowd the
// owner out.
type hashSlots struct {
	mu      sync.Mutex
	free    int
	waiting [2][]chan struct{} // by lane: priority, others
	wait    time.Duration
}

// Lanes of the hashing queue.
const (
	lanePriority = 0
	laneOthers   = 1
)

func newHashSlots(n int, wait time.Duration) *hashSlots {
	if n <= 0 {
		n = DefaultHashConcurrency()
	}
	if wait <= 0 {
		wait = DefaultHashWait
	}
	return &hashSlots{free: n, wait: wait}
}

// matches checks password against hash once a slot is free; a hash that
// cannot be read matches nothing. No slot within the wait (or the request
// gone) is busy.
func (h *hashSlots) matches(ctx context.Context, password, hash string, lane int) (bool, *Error) {
	if !h.acquire(ctx, lane) {
		return false, busy()
	}
	defer h.release()
	ok, err := PasswordMatches(password, hash)
	return ok && err == nil, nil
}

// acquire takes a slot, waiting behind earlier waiters of its lane and of
// the lanes before it, for at most the wait.
func (h *hashSlots) acquire(ctx context.Context, lane int) bool {
	h.mu.Lock()
	if h.free > 0 && len(h.waiting[lanePriority]) == 0 && (lane == lanePriority || len(h.waiting[laneOthers]) == 0) {
		h.free--
		h.mu.Unlock()
		return true
	}
	turn := make(chan struct{})
	h.waiting[lane] = append(h.waiting[lane], turn)
	h.mu.Unlock()
	timer := time.NewTimer(h.wait)
	defer timer.Stop()
	select {
	case <-turn:
		return true
	case <-timer.C:
	case <-ctx.Done():
	}
	return h.giveUp(lane, turn)
}

// giveUp leaves the queue; when the slot was handed over meanwhile, it
// is taken after all (true).
func (h *hashSlots) giveUp(lane int, turn chan struct{}) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, ch := range h.waiting[lane] {
		if ch == turn {
			h.waiting[lane] = append(h.waiting[lane][:i], h.waiting[lane][i+1:]...)
			return false
		}
	}
	return true
}

// release hands the slot to the first waiter, or frees it.
func (h *hashSlots) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for lane := range h.waiting {
		if q := h.waiting[lane]; len(q) > 0 {
			h.waiting[lane] = q[1:]
			close(q[0])
			return
		}
	}
	h.free++
}
