package oauth

import (
	"context"
	"time"
)

// Throttle is the policy for failed password checks (per username) and
// failed client authentications (per client id): after Free failures
// within Window each further attempt must wait 1 s, 2 s, 4 s… (doubling);
// from Refuse failures on, attempts are refused for Lockout.
type Throttle struct {
	Window  time.Duration
	Free    int
	Refuse  int
	Lockout time.Duration
}

// DefaultThrottle: 5 free failures in 15 minutes, then 1–16 s waits, then
// 15 minutes refused from the 10th failure.
var DefaultThrottle = Throttle{Window: 15 * time.Minute, Free: 5, Refuse: 10, Lockout: 15 * time.Minute}

// lockFor is how long to lock after the failures-th failure.
func (t Throttle) lockFor(failures int) time.Duration {
	switch {
	case failures >= t.Refuse:
		return t.Lockout
	case failures >= t.Free:
		return time.Second << (failures - t.Free)
	}
	return 0
}

// fail records a failed attempt for key.
func (s *Server) fail(ctx context.Context, key string) error {
	_, err := s.db.RecordFailure(ctx, key, s.now(), s.cfg.Throttle.Window, s.cfg.Throttle.lockFor)
	return err
}

// locked refuses an attempt on key while it is locked.
func (s *Server) locked(ctx context.Context, key, what string) *Error {
	until, err := s.db.ThrottleLock(ctx, key)
	if err != nil {
		return serverError(err)
	}
	if now := s.now(); until.After(now) {
		return slowDown(what, until, now)
	}
	return nil
}
