package aggregation

import (
	"time"

	"openbank/store"
)

// RetrySchedule paces the attempts of callbacks whose receiver fails.
type RetrySchedule struct {
	First time.Duration // the delay after a callback's first failure; it doubles after each
	Max   time.Duration // the longest delay between two attempts of one callback
	// Probe is the longest an endpoint with queued callbacks waits for an
	// attempt: one callback per endpoint is always due within it, and its
	// delivery makes the others due at once.
	Probe time.Duration
}

// DefaultRetrySchedule delivers every queued callback within about a
// minute of its receiver's return: the endpoint is tried at least every
// 45 s, and the first delivery pulls the rest forward.
var DefaultRetrySchedule = RetrySchedule{First: 2 * time.Second, Max: time.Hour, Probe: 45 * time.Second}

// after is the back-off after a callback's n-th failed attempt.
func (r RetrySchedule) after(n int) time.Duration {
	d := r.First
	for i := 1; i < n && d < r.Max; i++ {
		d *= 2
	}
	return min(d, r.Max)
}

func (s *Service) retrySchedule() RetrySchedule {
	if s.CallbackRetry == (RetrySchedule{}) {
		return DefaultRetrySchedule
	}
	return s.CallbackRetry
}

// outcome decides what an attempt means for the callback: delivered,
// failed for good (refused, or out of time) or pending again.
func (s *Service) outcome(cb *store.Callback, jobID int64, d delivery) store.CallbackOutcome {
	r := s.retrySchedule()
	o := store.CallbackOutcome{Status: "pending", JobID: jobID, Probe: r.Probe}
	switch {
	case !d.attempt.Error.Valid:
		o.Status = "delivered"
	case d.refused || s.now().Sub(cb.CreatedAt) >= CallbackDeliveryWindow:
		o.Status = "failed"
	default:
		o.RetryIn, o.NotBefore = r.after(cb.Attempts+1), d.retryAfter
	}
	return o
}
