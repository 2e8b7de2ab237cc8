package oauth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"openbank/store"
)

// The one-time values of concurrent requests (DPoP proof and client
// assertion jtis) are recorded together: a group commit. The first value
// to arrive opens a batch, which takes every value already queued and is
// written at once in one statement when fewer than seenFlushes batches are
// being written; else it goes on gathering until one of them is done or it
// holds seenBatchMax values. A lone request thus waits for no window, and
// under load the statements carry many jtis each. Each request waits for
// its own batch's answer, so none is answered before its jti is recorded,
// and a value the database refuses or cannot record is refused: shared
// through PostgreSQL, a replay is refused on every instance.
const (
	seenBatchMax = 256
	seenFlushes  = 2
)

// errSeenBefore is the answer for a value some request recorded earlier.
var errSeenBefore = fmt.Errorf("seen before: %w", store.ErrConflict)

// errSeenStopped is the answer once the server has stopped.
var errSeenStopped = errors.New("oauth: the one-time value recorder has stopped")

// seeEach records a batch and reports which values were new.
type seeEach func(ctx context.Context, values []store.Once) (map[string]bool, error)

// seenWaiter is one request's value and where its answer goes.
type seenWaiter struct {
	value  store.Once
	answer chan error // nil: recorded; errSeenBefore; or the database's error
}

// seenBatcher gathers values into batches and writes them.
type seenBatcher struct {
	write   seeEach
	max     int
	in      chan *seenWaiter
	flushes chan struct{} // one token per batch being written
	stopped chan struct{} // closed when run returns
}

func newSeenBatcher(write seeEach, max, flushes int) *seenBatcher {
	return &seenBatcher{write: write, max: max, in: make(chan *seenWaiter, 4*max),
		flushes: make(chan struct{}, flushes), stopped: make(chan struct{})}
}

// see records key until expires; errSeenBefore (a store.ErrConflict) when
// any instance recorded it before. It returns once the batch holding key
// is written, or with ctx's error.
func (b *seenBatcher) see(ctx context.Context, key string, expires time.Time) error {
	w := &seenWaiter{value: store.Once{Key: key, Expires: expires}, answer: make(chan error, 1)}
	select {
	case b.in <- w:
	case <-b.stopped:
		return errSeenStopped
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-w.answer:
		return err
	case <-b.stopped: // every batch is written by now: an answer is there, or it was queued too late
		select {
		case err := <-w.answer:
			return err
		default:
			return errSeenStopped
		}
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run gathers and writes batches until ctx ends; the batches being written
// then are finished before it returns, and values still queued are
// refused.
func (b *seenBatcher) run(ctx context.Context) {
	defer close(b.stopped)
	defer b.refuseQueued()
	defer func() { // wait for the batches being written
		for range cap(b.flushes) {
			b.flushes <- struct{}{}
		}
	}()
	for {
		var batch []*seenWaiter
		select {
		case <-ctx.Done():
			return
		case w := <-b.in:
			batch = append(make([]*seenWaiter, 0, b.max), w)
		}
		batch = b.gather(batch)
		go func() {
			defer func() { <-b.flushes }()
			b.flush(context.WithoutCancel(ctx), batch)
		}()
	}
}

// gather adds to batch what is queued and, while every flush is busy,
// what arrives, until batch is full; it returns holding a flush token.
func (b *seenBatcher) gather(batch []*seenWaiter) []*seenWaiter {
	for len(batch) < b.max {
		select {
		case w := <-b.in:
			batch = append(batch, w)
			continue
		default:
		}
		select {
		case b.flushes <- struct{}{}:
			return batch
		case w := <-b.in:
			batch = append(batch, w)
		}
	}
	b.flushes <- struct{}{}
	return batch
}

// flush writes one batch and answers each waiter: the first of a key that
// the statement recorded wins; a later one of the same key in the batch, or
// a key it did not record, was seen before.
func (b *seenBatcher) flush(ctx context.Context, batch []*seenWaiter) {
	values := make([]store.Once, len(batch))
	for i, w := range batch {
		values[i] = w.value
	}
	fresh, err := b.write(ctx, values)
	for _, w := range batch {
		switch {
		case err != nil:
			w.answer <- err
		case fresh[w.value.Key]:
			delete(fresh, w.value.Key)
			w.answer <- nil
		default:
			w.answer <- errSeenBefore
		}
	}
}

// refuseQueued answers the values left in the queue after a stop.
func (b *seenBatcher) refuseQueued() {
	for {
		select {
		case w := <-b.in:
			w.answer <- errSeenStopped
		default:
			return
		}
	}
}
