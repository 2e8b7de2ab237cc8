package oauth

import (
	"context"
	"time"
)

// Throttle is the policy for failed authentication: failures are counted
// within Window under three keys and each key has its Pace. A key is never
// a client id or a username alone, so no stranger can lock a client or a
// user out: the username's own pace is skipped by an address that has not
// failed for that username.
type Throttle struct {
	Window   time.Duration
	Pair     Pace // per (client id, address) and per (username, address)
	Address  Pace // per address, over every client id or username tried
	Username Pace // per username over every address; gentle
}

// Pace is how a key slows down: after Free failures each further failure
// locks it for 1 s, 2 s, 4 s… (doubling) up to Max.
type Pace struct {
	Free int
	Max  time.Duration
}

// DefaultThrottle: 5 free failures per pair and 20 per address in 15
// minutes, then doubling waits up to 15 minutes; a username slows down
// after 10 failures from anywhere, by at most a minute, and only for the
// addresses that failed on it.
var DefaultThrottle = Throttle{
	Window:   15 * time.Minute,
	Pair:     Pace{Free: 5, Max: 15 * time.Minute},
	Address:  Pace{Free: 20, Max: 15 * time.Minute},
	Username: Pace{Free: 10, Max: time.Minute},
}

// lockFor is how long to lock a key after its failures-th failure.
func (p Pace) lockFor(failures int) time.Duration {
	if failures < p.Free {
		return 0
	}
	if n := failures - p.Free; n < 31 && time.Second<<n < p.Max {
		return time.Second << n
	}
	return p.Max
}

// throttleKey is one key and its pace.
type throttleKey struct {
	key  string
	pace Pace
}

// verdict is what the throttle records say of an attempt that may go on.
type verdict struct {
	failed bool // the pair or the username has failures a success clears
	known  bool // the username signed in from this address before
}

// gate refuses an attempt with code while keys are locked; the username
// key (when there is one) only holds back an address that failed on it.
func (s *Server) gate(ctx context.Context, k attemptKeys, code string) (verdict, *Error) {
	records, err := s.throttleRecords(ctx, k.names())
	if err != nil {
		return verdict{}, serverError(err)
	}
	now := s.now()
	pair := records[k.pair.key]
	until := later(pair.LockedUntil, records[k.address.key].LockedUntil)
	if k.username.key != "" && pair.FailedSince(now.Add(-s.cfg.Throttle.Window)) {
		until = later(until, records[k.username.key].LockedUntil)
	}
	if until.After(now) {
		return verdict{}, throttled(code, until, now)
	}
	return verdict{
		failed: pair.Failures > 0 || records[k.username.key].Failures > 0,
		known:  k.known != "" && records[k.known].LockedUntil.After(now),
	}, nil
}

// fail counts a failed attempt under each of keys.
func (s *Server) fail(ctx context.Context, keys ...throttleKey) *Error {
	for _, k := range keys {
		if k.key == "" {
			continue
		}
		s.throttles.drop(k.key)
		if _, err := s.db.RecordFailure(ctx, k.key, s.now(), s.cfg.Throttle.Window, k.pace.lockFor); err != nil {
			return serverError(err)
		}
	}
	return nil
}

// knownFor is how long an address that signed a user in keeps that user's
// attempts in the priority lane of password hashing.
const knownFor = 30 * 24 * time.Hour

// succeed forgets the failures of the pair and of the username after a
// success (the address keeps its count, so that signing in to one account
// does not reset a spray over others), and remembers a user's address.
func (s *Server) succeed(ctx context.Context, k attemptKeys, v verdict) *Error {
	if v.failed {
		s.throttles.drop(k.pair.key, k.username.key)
		if err := s.db.ClearFailures(ctx, k.pair.key, k.username.key); err != nil {
			return serverError(err)
		}
	}
	if k.known != "" && !v.known {
		s.throttles.drop(k.known)
		if err := s.db.RememberSuccess(ctx, k.known, s.now().Add(knownFor)); err != nil {
			return serverError(err)
		}
	}
	return nil
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
