package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Fault is what an Openbank API says went wrong: its code is listed in
// the server's docs/errors.md.
type Fault struct {
	Code        int    `json:"code"`
	Message     string `json:"message"`
	Description string `json:"description"`
}

// Error is an answer that is not a success.
type Error struct {
	Status     int           // the HTTP status
	Fault      Fault         // the answer's fault; Code is 0 when the body had none
	RequestID  string        // the X-Request-Id of the call, to quote to support
	RetryAfter time.Duration // what a 429 or 503 asked to wait
}

func (e *Error) Error() string {
	if e.Fault.Code == 0 {
		return fmt.Sprintf("openbank: %d %s (request %s)", e.Status, http.StatusText(e.Status), e.RequestID)
	}
	return fmt.Sprintf("openbank: %d %d %s: %s (request %s)", e.Status, e.Fault.Code, e.Fault.Message,
		e.Fault.Description, e.RequestID)
}

// Check returns nil for a 2xx answer and an *Error for any other. Give it
// a generated response's HTTPResponse and Body.
func Check(res *http.Response, body []byte) error {
	if res == nil {
		return &Error{}
	}
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return nil
	}
	e := &Error{Status: res.StatusCode, RequestID: res.Header.Get(HeaderRequestID)}
	e.RetryAfter, _ = RetryAfter(res.Header, time.Now())
	var answer struct {
		Fault Fault `json:"fault"`
	}
	if err := json.Unmarshal(body, &answer); err == nil {
		e.Fault = answer.Fault
	}
	return e
}
