package banks

import (
	"errors"
	"time"
)

// ConsentError is a failure the subject can fix by reconnecting (flagErrorRecoverable=true).
type ConsentError struct{ Reason string }

func (e *ConsentError) Error() string { return "banks: consent: " + e.Reason }

// ProviderError is a failure unrelated to consent (flagErrorRecoverable=false):
// a refetch later, or a new connection, is the remedy.
type ProviderError struct {
	Reason     string
	RetryAfter time.Duration // a hint; zero when unknown
}

func (e *ProviderError) Error() string { return "banks: provider: " + e.Reason }

// ThrottleError is a bank's "too many requests": it refused the call before
// doing anything, and the same call may be made again after RetryAfter.
// It is neither a consent nor a provider failure: the caller retries.
type ThrottleError struct {
	RetryAfter time.Duration // the bank's hint; zero when it gave none
}

func (e *ThrottleError) Error() string { return "banks: too many requests" }

// Throttled reports whether err is a bank's "too many requests", with the
// bank's retry-after hint (zero when it gave none).
func Throttled(err error) (time.Duration, bool) {
	var te *ThrottleError
	if errors.As(err, &te) {
		return te.RetryAfter, true
	}
	return 0, false
}

// Consent errors.
var (
	ErrInvalidCredentials  = &ConsentError{Reason: "invalid credentials"}
	ErrOneTimeCodeRequired = &ConsentError{Reason: "one-time code required"}
	ErrOneTimeCodeInvalid  = &ConsentError{Reason: "invalid one-time code"}
	ErrConsentNotGranted   = &ConsentError{Reason: "consent not granted"}
	ErrConsentExpired      = &ConsentError{Reason: "consent expired"}
	ErrConsentRevoked      = &ConsentError{Reason: "consent revoked by the bank"}
	// ErrApprovalPending: a decoupled bank waits for the subject's
	// approval in its app; with it, Consent.Challenge is what the next
	// try's Authorisation.Challenge must carry to ask the bank again.
	ErrApprovalPending = &ConsentError{Reason: "waiting for the approval in the bank's app"}
)

// Provider errors.
var (
	ErrProviderUnavailable = &ProviderError{Reason: "bank unavailable", RetryAfter: 5 * time.Minute}
	ErrMaintenance         = &ProviderError{Reason: "bank in maintenance", RetryAfter: time.Hour}
	ErrUnknownAccount      = &ProviderError{Reason: "unknown account"}
	ErrUnknownBank         = &ProviderError{Reason: "unknown bank"}
)

// Recoverable reports whether reconnecting (a new SCA) can fix err.
func Recoverable(err error) bool {
	var ce *ConsentError
	return errors.As(err, &ce)
}

// RetryAfter returns the provider's hint for when to try again, if it gave one.
func RetryAfter(err error) (time.Duration, bool) {
	var pe *ProviderError
	if errors.As(err, &pe) && pe.RetryAfter > 0 {
		return pe.RetryAfter, true
	}
	return 0, false
}
