package oauth

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/store"
)

// TestServerErrorDuringOutage: a failure because the database cannot be
// reached asks the client to retry (503 temporarily_unavailable with a
// wait); any other failure is a 500 server_error.
func TestServerErrorDuringOutage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cause  error
		status int
		code   string
	}{
		{fmt.Errorf("oauth: client: %w", store.ErrUnavailable), http.StatusServiceUnavailable, ErrTemporarilyUnavailable},
		{errors.New("oauth: signing: no key"), http.StatusInternalServerError, ErrServerError},
	} {
		err := Failed(tc.cause)
		if err.Status != tc.status || err.Code != tc.code {
			t.Errorf("%v: %d %s, want %d %s", tc.cause, err.Status, err.Code, tc.status, tc.code)
		}
		if (tc.status == http.StatusServiceUnavailable) != (err.RetryAfter > 0) {
			t.Errorf("%v: Retry-After %v", tc.cause, err.RetryAfter)
		}
		if !errors.Is(err, tc.cause) {
			t.Errorf("%v: the cause is lost", tc.cause)
		}
	}
}

// TestThrottledWording reads the wait in whole seconds, in the singular
// for one.
func TestThrottledWording(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		wait time.Duration
		want string
	}{
		{200 * time.Millisecond, "retry after 1 second"},
		{time.Second, "retry after 1 second"},
		{90 * time.Second, "retry after 90 seconds"},
	} {
		e := throttled(ErrInvalidGrant, now.Add(tc.wait), now)
		if !strings.HasSuffix(e.Description, tc.want) {
			t.Errorf("wait %v: %q, want it to end %q", tc.wait, e.Description, tc.want)
		}
	}
}
