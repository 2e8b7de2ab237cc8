package results

import (
	"context"
	"errors"
	"time"

	"openbank/store"
)

// Errors of result links.
var (
	ErrUnknown = errors.New("no such result")
	ErrExpired = errors.New("this result has expired; request it again from the API")
)

// File is what a result link gives: a body when the result is ready,
// else its status (pending or failed) and, when failed, why.
type File struct {
	Status      string // pending, ready or failed
	ContentType string
	Body        []byte
	Reason      string
	Link        Link
}

// Download checks a result link and returns the result. A link this server
// did not sign is ErrUnknown, whatever it names; a signed one past
// its expiry, or whose result was cleaned up, is ErrExpired.
func (r *Service) Download(ctx context.Context, id, expires, sig string) (*File, error) {
	until, ok := r.Links.Verify(id, expires, sig)
	if !ok {
		return nil, ErrUnknown
	}
	if !r.now().Before(until) {
		return nil, ErrExpired
	}
	res, err := r.Store.Result(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrExpired
	}
	if err != nil {
		return nil, err
	}
	if !res.ExpiresAt.Equal(until) {
		return nil, ErrUnknown
	}
	d := &File{Status: res.Status, Reason: res.Error.String, Link: r.Links.Link(id, res.ExpiresAt)}
	if res.Status != "ready" {
		return d, nil
	}
	d.ContentType, d.Body, err = r.bodies().Get(ctx, id)
	return d, err
}

// RetryAfter is how long a client should wait before asking for a pending
// result again.
const RetryAfter = 2 * time.Second
