package oauth

import (
	"fmt"
	"net/http"
	"time"

	"openbank/store"
)

// Error codes of RFC 6749 §4.1.2.1 and §5.2, RFC 6750 and OpenID Connect
// Core §3.1.2.6.
const (
	ErrInvalidRequest          = "invalid_request"
	ErrInvalidClient           = "invalid_client"
	ErrInvalidGrant            = "invalid_grant"
	ErrUnauthorizedClient      = "unauthorized_client"
	ErrUnsupportedGrantType    = "unsupported_grant_type"
	ErrInvalidScope            = "invalid_scope"
	ErrAccessDenied            = "access_denied"
	ErrUnsupportedResponseType = "unsupported_response_type"
	ErrServerError             = "server_error"
	ErrTemporarilyUnavailable  = "temporarily_unavailable"
	ErrInvalidToken            = "invalid_token"
	ErrLoginRequired           = "login_required"
	ErrConsentRequired         = "consent_required"
)

// Error is a protocol error: Code and Description are sent to the client,
// Cause is only logged.
type Error struct {
	Code        string
	Description string
	Status      int
	RetryAfter  time.Duration // for 429 and 503 answers
	DPoPNonce   string        // for use_dpop_nonce: the nonce to use
	Cause       error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Description, e.Cause)
	}
	return e.Code + ": " + e.Description
}

func (e *Error) Unwrap() error { return e.Cause }

// Errorf builds a 400 protocol error (401 for invalid_client).
func Errorf(code, format string, args ...any) *Error {
	status := http.StatusBadRequest
	if code == ErrInvalidClient || code == ErrInvalidToken {
		status = http.StatusUnauthorized
	}
	return &Error{Code: code, Description: fmt.Sprintf(format, args...), Status: status}
}

// unavailableWait is the Retry-After of a 503 while the database cannot be
// reached: the APIs' wait (handlers/fault.RetryAfter).
const unavailableWait = 2 * time.Second

// serverError hides cause behind a generic server_error, or, when the
// database cannot be reached, answers 503 temporarily_unavailable with
// Retry-After as the APIs do: the client should retry, not give up.
func serverError(cause error) *Error {
	if store.Unavailable(cause) {
		return &Error{Code: ErrTemporarilyUnavailable, Status: http.StatusServiceUnavailable, RetryAfter: unavailableWait,
			Description: "the service cannot reach its database at the moment; retry after the Retry-After seconds", Cause: cause}
	}
	return &Error{Code: ErrServerError, Description: "the request could not be completed; retry later",
		Status: http.StatusInternalServerError, Cause: cause}
}

// Failed is the protocol error of a failure outside this package, such as a
// sign-in session that could not be stored: server_error, or
// temporarily_unavailable while the database cannot be reached.
func Failed(cause error) *Error { return serverError(cause) }

// throttled refuses an attempt with code (invalid_client or invalid_grant)
// while one of its throttle keys is locked: 429 with the wait.
func throttled(code string, until, now time.Time) *Error {
	wait := until.Sub(now).Round(time.Second)
	if wait < time.Second {
		wait = time.Second
	}
	n := int(wait.Seconds())
	unit := "seconds"
	if n == 1 {
		unit = "second"
	}
	return &Error{Code: code, Status: http.StatusTooManyRequests, RetryAfter: wait,
		Description: fmt.Sprintf("too many failed attempts; retry after %d %s", n, unit)}
}

// busy answers a request that found no free password-hashing slot in time:
// 503 with a short wait.
func busy() *Error {
	return &Error{Code: ErrTemporarilyUnavailable, Status: http.StatusServiceUnavailable, RetryAfter: time.Second,
		Description: "the server is busy checking other passwords; retry in a second"}
}
