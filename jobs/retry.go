package jobs

import (
	"errors"
	"time"
)

// permanentError marks a failure that retrying cannot fix.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return permanentError{err} }

// retryAfterError asks for the next attempt after a given delay.
type retryAfterError struct {
	err   error
	delay time.Duration
}

func (e retryAfterError) Error() string { return e.err.Error() }
func (e retryAfterError) Unwrap() error { return e.err }

// RetryAfter asks for the next attempt no sooner than delay.
func RetryAfter(err error, delay time.Duration) error { return retryAfterError{err, delay} }

// DefaultMaxAttempts is how many times a job is tried when its kind asks
// for no other number.
const DefaultMaxAttempts = 10

// Backoff is the delay before attempt n+1: 2^n seconds, capped at an hour.
func Backoff(attempt int) time.Duration {
	if attempt > 12 {
		return time.Hour
	}
	return min(time.Duration(1<<attempt)*time.Second, time.Hour)
}

// policy says when to retry a failed job, or that it must not be retried.
func policy(err error, attempt int) (time.Duration, bool) {
	var p permanentError
	if errors.As(err, &p) {
		return 0, true
	}
	delay := Backoff(attempt)
	var ra retryAfterError
	if errors.As(err, &ra) {
		delay = max(delay, ra.delay)
	}
	return delay, false
}
