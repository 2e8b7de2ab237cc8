package client

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRetriesKeepTheRequestID checks that 429 and 503 are retried after
// Retry-After with the same X-Request-Id and body, and that other answers
// are not.
func TestRetriesKeepTheRequestID(t *testing.T) {
	tests := []struct {
		name     string
		statuses []int
		retry    string
		calls    int
		final    int
		waited   time.Duration
	}{
		{"429 then success", []int{429, 201}, "2", 2, 201, 2 * time.Second},
		{"503 twice then success", []int{503, 503, 200}, "1", 3, 200, 2 * time.Second},
		{"a Retry-After too long is not waited for", []int{429, 200}, "3600", 1, 429, 0},
		{"gives up after the retries", []int{503, 503, 503, 503, 503}, "0", 4, 503, 0},
		{"a 400 is not retried", []int{400, 200}, "", 1, 400, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var ids, bodies []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				defer mu.Unlock()
				body, _ := io.ReadAll(r.Body)
				ids, bodies = append(ids, r.Header.Get(HeaderRequestID)), append(bodies, string(body))
				if tt.retry != "" {
					w.Header().Set("Retry-After", tt.retry)
				}
				w.WriteHeader(tt.statuses[len(ids)-1])
			}))
			defer srv.Close()
			var waited time.Duration
			rt := &Retrying{Next: http.DefaultTransport, Sleep: func(_ context.Context, d time.Duration) error { waited += d; return nil }}
			res, err := (&http.Client{Transport: rt}).Post(srv.URL, "application/json", strings.NewReader(`{"a":1}`))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tt.final || len(ids) != tt.calls || waited != tt.waited {
				t.Fatalf("got %d after %d calls and %s, want %d after %d and %s", res.StatusCode, len(ids), waited, tt.final, tt.calls, tt.waited)
			}
			for i := range ids {
				if ids[i] != ids[0] || ids[0] == "" || bodies[i] != `{"a":1}` {
					t.Errorf("call %d sent id %q body %q; the first sent %q", i, ids[i], bodies[i], ids[0])
				}
			}
		})
	}
}

// TestCheck checks that a failed answer becomes an *Error with its fault.
func TestCheck(t *testing.T) {
	res := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"7"}, HeaderRequestID: {"r-1"}}}
	err := Check(res, []byte(`{"fault":{"code":4290,"message":"too many requests","description":"wait"}}`))
	e, ok := err.(*Error)
	if !ok || e.Status != 429 || e.Fault.Code != 4290 || e.RequestID != "r-1" || e.RetryAfter != 7*time.Second {
		t.Fatalf("got %#v", err)
	}
	if err := Check(&http.Response{StatusCode: 204}, nil); err != nil {
		t.Fatalf("a 204 is an error: %v", err)
	}
}
