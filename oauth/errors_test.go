package oauth

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

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
