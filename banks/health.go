package banks

import "time"

// Health is how a bank reached over the network has been answering since
// the server started.
type Health struct {
	LastOK      time.Time // the last answer that could be used; zero: none yet
	LastFailure time.Time // the last call that failed on the bank's side; zero: none
	Failure     string    // why it failed
	Retries     int64     // calls asked again after a timeout or a 5xx
	Unavailable int64     // calls that failed for good on a timeout or a 5xx
	Throttled   int64     // "too many requests" answers
	BadAnswers  int64     // answers that could not be used
}

// Answering reports whether the bank's last call went well (or none
// failed yet).
func (h Health) Answering() bool { return h.LastFailure.IsZero() || h.LastOK.After(h.LastFailure) }

// Monitored is a provider that reports its Health (the connectors; the
// in-process mock banks do not).
type Monitored interface {
	Health() Health
}
