package client

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// HeaderRequestID names the call; the server replays the first answer of a
// mutating call repeated with the same id.
const HeaderRequestID = "X-Request-Id"

// Retrying is a RoundTripper that gives each call a fresh X-Request-Id
// (unless the caller set one other than the nil UUID) and sends the call again, with the same id,
// after a 429 or 503 (waiting Retry-After) or a failed connection.
type Retrying struct {
	Next       http.RoundTripper
	MaxRetries int                                              // 0: 3; negative: none
	MaxWait    time.Duration                                    // 0: one minute
	Sleep      func(ctx context.Context, d time.Duration) error // nil: a timer
}

// RoundTrip sends req, then retries it as Retrying says.
func (t *Retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	if id := req.Header.Get(HeaderRequestID); id == "" || id == uuid.Nil.String() {
		req.Header.Set(HeaderRequestID, uuid.NewString()) // generated params left at their zero value
	}
	for attempt := 0; ; attempt++ {
		res, err := t.Next.RoundTrip(req)
		wait, again := t.retryAfter(res, err, attempt)
		if !again || (req.Body != nil && req.GetBody == nil) {
			return res, err
		}
		if res != nil {
			res.Body.Close()
		}
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
	}
}

// retryAfter says whether to send again and after how long.
func (t *Retrying) retryAfter(res *http.Response, err error, attempt int) (time.Duration, bool) {
	retries, longest := t.MaxRetries, t.MaxWait
	if retries == 0 {
		retries = 3
	}
	if longest == 0 {
		longest = time.Minute
	}
	if attempt >= retries {
		return 0, false
	}
	backoff := time.Duration(1<<attempt) * 500 * time.Millisecond
	if err != nil {
		return backoff, true
	}
	if res.StatusCode != http.StatusTooManyRequests && res.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	wait, ok := RetryAfter(res.Header, time.Now())
	if !ok {
		wait = backoff
	}
	return wait, wait <= longest
}

func (t *Retrying) sleep(ctx context.Context, d time.Duration) error {
	if t.Sleep != nil {
		return t.Sleep(ctx, d)
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// RetryAfter reads a Retry-After header, in seconds or as an HTTP date.
func RetryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}
