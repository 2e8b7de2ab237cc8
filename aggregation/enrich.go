package aggregation

import (
	"context"
	"errors"
	"fmt"
)

// MaxEnrichTransactions bounds the transactions of one enrich call.
const MaxEnrichTransactions = 500

// ErrNoCategoriser answers an enrichment on a service whose categoriser
// cannot categorise one by one.
var ErrNoCategoriser = errors.New("aggregation: no categoriser for enrichment")

// Enrich categorises transactions that are not stored, one by one, with
// the client's corrections: for a client's own data, or for data of a
// source Openbank does not connect to. Nothing is kept. kind is the subject's
// (KindConsumer or KindBusiness); without one the transactions are a
// consumer's and never take a business code.
func (s *Service) Enrich(ctx context.Context, clientID, kind string, txs []CategoryInput) ([]Enrichment, error) {
	if len(txs) == 0 || len(txs) > MaxEnrichTransactions {
		return nil, &FieldError{Field: "transactions", Problem: fmt.Sprintf("must hold 1 to %d transactions, got %d", MaxEnrichTransactions, len(txs))}
	}
	switch kind {
	case "", KindConsumer, KindBusiness:
	default:
		return nil, &FieldError{Field: "kind", Problem: fmt.Sprintf("must be %s or %s, got %q", KindConsumer, KindBusiness, kind)}
	}
	e, ok := s.Categoriser.(Enricher)
	if !ok {
		return nil, ErrNoCategoriser
	}
	return e.Enrich(ctx, clientID, kind, txs)
}
