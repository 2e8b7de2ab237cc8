package aggregation

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"openbank/egress"
	"openbank/store"
)

// delivery is what one attempt found out.
type delivery struct {
	attempt    store.CallbackAttempt
	refused    bool          // the outbound-request policy refused the target
	retryAfter time.Duration // what the receiver asked for with Retry-After
}

// post checks the target against the outbound-request policy (the HTTP
// client checks the dialled address again), sends one attempt and
// describes it.
func (s *Service) post(ctx context.Context, cb *store.Callback, hmacSecret []byte, sec store.CallbackSecurity) delivery {
	started := time.Now()
	d := delivery{attempt: store.CallbackAttempt{CallbackID: cb.ID, AttemptedAt: s.now()}}
	if _, err := s.Outbound.CheckURL(cb.URL); err != nil {
		return d.failed(err.Error(), true)
	}
	resp, err := s.send(ctx, cb, hmacSecret, sec)
	d.attempt.DurationMS = int(time.Since(started).Milliseconds())
	if errors.Is(err, egress.ErrRefused) {
		return d.failed(requestFailure(err), true)
	}
	if err != nil {
		return d.failed("request failed: "+requestFailure(err), false)
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // drained for reuse; the body is not read
	d.attempt.StatusCode = store.NullInt64{Int64: int64(resp.StatusCode), Valid: true}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return d
	}
	d.retryAfter = retryAfter(resp.Header.Get("Retry-After"))
	return d.failed("answered "+resp.Status, false)
}

func (d delivery) failed(reason string, refused bool) delivery {
	d.attempt.Error = store.NullString{String: reason, Valid: true}
	d.refused = refused
	return d
}

// requestFailure describes why a request got no answer: the cause inside
// the *url.Error, without the method and URL it repeats.
func requestFailure(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		err = ue.Err
	}
	var r *egress.Refusal
	if errors.As(err, &r) {
		return r.Error()
	}
	return err.Error()
}

// retryAfter reads a Retry-After header in seconds, at most an hour;
// anything else asks for no particular delay.
func retryAfter(header string) time.Duration {
	secs, err := strconv.Atoi(header)
	if err != nil || secs < 0 {
		return 0
	}
	return min(time.Duration(secs)*time.Second, time.Hour)
}

// endpointOf is the scheme://host[:port] of a callback URL: the callbacks
// that share it share a receiver.
func endpointOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

func (s *Service) signedRequest(ctx context.Context, cb *store.Callback, hmacSecret []byte) (*http.Request, error) {
	jws, err := s.signCallback(ctx, cb)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cb.URL, bytes.NewReader(cb.Body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Openbank-Callbacks/1")
	req.Header.Set(HeaderEventID, cb.ID)
	req.Header.Set(HeaderSignature, jws)
	if len(hmacSecret) > 0 {
		req.Header.Set(HeaderHMAC, HMACHeader(hmacSecret, s.now(), cb.Body))
	}
	return req, nil
}
