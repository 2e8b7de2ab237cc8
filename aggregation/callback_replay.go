package aggregation

import (
	"context"
	"errors"

	"openbank/store"
)

// ErrCallbackPending is a replay of a callback that is still being
// delivered.
var ErrCallbackPending = errors.New("the callback is still being delivered")

// ReplayCallback queues a delivered or failed callback of clientID for
// delivery again: a fresh delivery job, with the same event id and body,
// while its earlier attempts stay in its history. The retry rules are
// DeliverCallback's, so a callback older than CallbackDeliveryWindow gets
// one attempt. It returns the new job's id.
func (s *Service) ReplayCallback(ctx context.Context, clientID, callbackID string) (int64, error) {
	jobID, err := s.Store.ReplayCallback(ctx, clientID, callbackID, CallbackMaxAttempts)
	if errors.Is(err, store.ErrCallbackPending) {
		return 0, ErrCallbackPending
	}
	return jobID, err
}
