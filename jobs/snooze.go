package jobs

import (
	"errors"
	"fmt"
	"time"
)

// snoozeError asks for the job to run again after a delay, not as a failure.
type snoozeError struct{ delay time.Duration }

func (e snoozeError) Error() string { return fmt.Sprintf("snoozed for %s", e.delay) }

// Snooze, returned by a handler, puts its job back in the queue to run
// again after delay: the job waits on something outside that has no
// answer yet (a subject's approval at a bank). A snooze is no failure: it
// leaves the job's attempts as they were and logs nothing but a debug line.
// The job keeps its key, so that it is still never run twice at once.
func Snooze(delay time.Duration) error { return snoozeError{delay} }

// snoozed reports whether err asks for a snooze, and for how long.
func snoozed(err error) (time.Duration, bool) {
	var s snoozeError
	if errors.As(err, &s) {
		return max(s.delay, 0), true
	}
	return 0, false
}
