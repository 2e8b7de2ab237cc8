package oauth

import (
	"context"
	"runtime"
	"time"
)

// Default bounds of password hashing: argon2id takes 19 MiB and a core for
// tens of milliseconds, so a server checks about two passwords per core at
// once, and a check that waits longer than HashWait for its turn is
// answered 503 rather than queued without end.
const (
	hashesPerCore   = 2
	DefaultHashWait = 2 * time.Second
)

// DefaultHashConcurrency is the number of password checks in flight when
// Config.HashConcurrency is 0.
func DefaultHashConcurrency() int { return hashesPerCore * runtime.GOMAXPROCS(0) }

// hashSlots bounds the argon2id checks in flight, which bounds the memory
// a storm of sign-in attempts can take.
type hashSlots struct {
	slots chan struct{}
	wait  time.Duration
}

func newHashSlots(n int, wait time.Duration) hashSlots {
	if n <= 0 {
		n = DefaultHashConcurrency()
	}
	if wait <= 0 {
		wait = DefaultHashWait
	}
	return hashSlots{slots: make(chan struct{}, n), wait: wait}
}

// matches checks password against hash once a slot is free; a hash that
// cannot be read matches nothing. No slot within the wait (or the request
// gone) is busy.
func (h hashSlots) matches(ctx context.Context, password, hash string) (bool, *Error) {
	timer := time.NewTimer(h.wait)
	defer timer.Stop()
	select {
	case h.slots <- struct{}{}:
	case <-timer.C:
		return false, busy()
	case <-ctx.Done():
		return false, busy()
	}
	defer func() { <-h.slots }()
	ok, err := PasswordMatches(password, hash)
	return ok && err == nil, nil
}
