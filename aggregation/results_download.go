package aggregation

import (
	"context"
	"errors"
	"time"

	"openbank/store"
)

// Errors of result links.
var (
	ErrUnknownResult = errors.New("no such result")
	ErrResultExpired = errors.New("this result has expired; request it again from the API")
)

// ResultFile is what a result link gives: a body when the result is ready,
// else its status (pending or failed) and, when failed, why.
type ResultFile struct {
	Status      string // pending, ready or failed
	ContentType string
	Body        []byte
	Reason      string
	Link        Link
}

// Download checks a result link and returns the result. A link this server
// did not sign is ErrUnknownResult, whatever it names; a signed one past
// its expiry, or whose result was cleaned up, is ErrResultExpired.
func (r *Results) Download(ctx context.Context, id, expires, sig string) (*ResultFile, error) {
	until, ok := r.Links.Verify(id, expires, sig)
	if !ok {
		return nil, ErrUnknownResult
	}
	if !r.now().Before(until) {
		return nil, ErrResultExpired
	}
	res, err := r.Store.Result(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrResultExpired
	}
	if err != nil {
		return nil, err
	}
	if !res.ExpiresAt.Equal(until) {
		return nil, ErrUnknownResult
	}
	d := &ResultFile{Status: res.Status, Reason: res.Error.String, Link: r.Links.Link(id, res.ExpiresAt)}
	if res.Status != "ready" {
		return d, nil
	}
	d.ContentType, d.Body, err = r.bodies().Get(ctx, id)
	return d, err
}

// RetryAfter is how long a client should wait before asking for a pending
// result again.
const RetryAfter = 2 * time.Second
