package aggregation

import (
	"context"

	"openbank/store"
)

// BeginRequest claims a client's request id for a mutating call. It
// returns the first answer when the call was answered within
// IdempotencyWindow, store.ErrInFlight while it runs,
// store.ErrRequestIDReused for another call, and nil, nil when the caller
// should act (and then FinishRequest or AbandonRequest).
func (s *Service) BeginRequest(ctx context.Context, clientID, requestID, method, path string) (*store.StoredAnswer, error) {
	now := s.now()
	return s.Store.BeginRequest(ctx, clientID, requestID, method, path, now, now.Add(-IdempotencyWindow))
}

// FinishRequest keeps the answer to replay.
func (s *Service) FinishRequest(ctx context.Context, clientID, requestID string, a store.StoredAnswer) error {
	return s.Store.FinishRequest(ctx, clientID, requestID, a)
}

// AbandonRequest forgets a claimed request id: the call failed on our side
// and may be retried.
func (s *Service) AbandonRequest(ctx context.Context, clientID, requestID string) error {
	return s.Store.AbandonRequest(ctx, clientID, requestID)
}
