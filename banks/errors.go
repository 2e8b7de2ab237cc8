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

// Consent errors.
var (
	ErrInvalidCredentials  = &ConsentError{Reason: "invalid credentials"}
	ErrOneTimeCodeRequired = &ConsentError{Reason: "one-time code required"}
	ErrOneTimeCodeInvalid  = &ConsentError{Reason: "invalid one-time code"}
	ErrConsentNotGranted   = &ConsentError{Reason: "consent not granted"}
	ErrConsentExpired      = &ConsentError{Reason: "consent expired"}
	ErrConsentRevoked      = &ConsentError{Reason: "consent revoked by the bank"}
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
