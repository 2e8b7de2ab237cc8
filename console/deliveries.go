package console

import (
	"context"

	"openbank/store"
)

// Delivery is one callback of a connection with every attempt to deliver
// it.
type Delivery struct {
	store.Callback
	Attempts []store.CallbackAttempt
}

// Deliveries returns the callbacks of a connection, oldest first, each
// with its attempts.
func (s *Service) Deliveries(ctx context.Context, connectionID int64) ([]Delivery, error) {
	cbs, err := s.Store.CallbacksOf(ctx, connectionID)
	if err != nil {
		return nil, err
	}
	out := make([]Delivery, 0, len(cbs))
	for _, cb := range cbs {
		as, err := s.Store.CallbackAttempts(ctx, cb.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, Delivery{Callback: cb, Attempts: as})
	}
	return out, nil
}
