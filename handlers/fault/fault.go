// Package fault is the ErrorResponse of every JSON API: an error that carries
// a status, a code and safe texts apart from its internal cause, which is
// logged and never sent.
package fault

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/store"
)

// Codes of fault.code; docs/errors.md lists them, and a test keeps the
// two in step: add a code here only together with the code that sends it.
const (
	CodeValidation      = 4000
	CodeUnauthorized    = 4010
	CodeForbidden       = 4030
	CodeNotFound        = 4040
	CodeNotAllowed      = 4050
	CodeConflict        = 4090
	CodeLimit           = 4091
	CodeTooLarge        = 4130
	CodeTooManyRequests = 4290
	CodeInternal        = 5000
	CodeBankUnavailable = 5020
	CodeUnavailable     = 5030
)

// RetryAfter is the Retry-After, in seconds, of a 503.
const RetryAfter = "2"

// Error is an API error: Status and Body are sent, Cause is only logged.
type Error struct {
	Status int
	Body   Body
	Cause  error
}

// Body is the content of ErrorResponse.fault.
type Body struct {
	Code        int    `json:"code"`
	Message     string `json:"message"`
	Description string `json:"description"`
}

// Response is the ErrorResponse document.
type Response struct {
	Fault Body `json:"fault"`
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Body.Message, e.Cause)
	}
	return fmt.Sprintf("%d %s: %s", e.Status, e.Body.Message, e.Body.Description)
}

func (e *Error) Unwrap() error { return e.Cause }

// New builds an error with a status, code and safe texts.
func New(status, code int, message, description string) *Error {
	return &Error{Status: status, Body: Body{Code: code, Message: message, Description: description}}
}

// Validation is a 400 naming the offending field or parameter.
func Validation(field, problem string) *Error {
	return New(http.StatusBadRequest, CodeValidation, "validation error", field+": "+problem)
}

// NotFound is a 404 for the named kind of record.
func NotFound(what string) *Error {
	return New(http.StatusNotFound, CodeNotFound, what+" not found", "no "+what+" with this key is visible to the caller")
}

// Internal is the generic 500; cause is logged only.
func Internal(cause error) *Error {
	e := New(http.StatusInternalServerError, CodeInternal, "internal error",
		"the request could not be completed; retry later or contact support with the X-Request-Id")
	e.Cause = cause
	return e
}

// Unavailable is the 503 while the database cannot be reached; cause is
// logged only.
func Unavailable(cause error) *Error {
	e := New(http.StatusServiceUnavailable, CodeUnavailable, "service unavailable",
		"the service cannot reach its database at the moment; retry after the Retry-After seconds")
	e.Cause = cause
	return e
}

// Abort sends err as an ErrorResponse and stops the handler chain. Errors
// that are not *Error become the generic 500 and are logged with their cause.
func Abort(c *gin.Context, err error) {
	var fe *Error
	if !errors.As(err, &fe) || fe.Status == http.StatusInternalServerError {
		switch {
		case store.Unavailable(err):
			fe = Unavailable(err)
		case fe == nil:
			fe = Internal(err)
		}
	}
	if fe.Status == http.StatusServiceUnavailable {
		c.Header("Retry-After", RetryAfter)
	}
	switch {
	case fe.Status == http.StatusServiceUnavailable:
		slog.WarnContext(c.Request.Context(), "request refused", "status", fe.Status, "error", err)
	case fe.Status >= 500:
		slog.ErrorContext(c.Request.Context(), "request failed", "status", fe.Status, "error", err)
	}
	c.Error(err)
	c.Header("Cache-Control", "no-store")
	c.AbortWithStatusJSON(fe.Status, Response{Fault: fe.Body})
}
