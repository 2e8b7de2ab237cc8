package aggregation

import (
	"context"

	"openbank/store"
)

// BeginRequest claims a client's request id for a mutating call. It
// returns the first answer when the same request was answered within
// IdempotencyWindow, store.ErrInFlight while it runs,
// store.ErrRequestIDReused when the id came with another request (method,
// path, query or body), and nil, nil when the caller should act (and then
// FinishRequest or AbandonRequest).
func (s *Service) BeginRequest(ctx context.Context, clientID, requestID string, req store.IdempotentRequest) (*store.StoredAnswer, error) {
	now := s.now()
	return s.Store.BeginRequest(ctx, clientID, requestID, req, now, now.Add(-IdempotencyWindow))
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
