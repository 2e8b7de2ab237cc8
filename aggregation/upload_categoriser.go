package aggregation

import (
	"context"
	"fmt"
	"time"
)

// Categoriser assigns a category of shared/TAXONOMY.md to transactions.
// The service calls it, when set, for every transaction it stores.
type Categoriser interface {
	// CategoriseBatch returns one Category per transaction, in order, for
	// one subject of the client: kind is "consumer" or "business" ("" when
	// unknown) and own lists the subject's own IBANs and account names, so
	// that transfers between them are recognised. The batch is the
	// subject's history, so recurring payments can be read from it.
	CategoriseBatch(ctx context.Context, clientID, kind string, own []string, txs []CategoryInput) ([]Category, error)
}

// CategoryInput is what a categoriser reads of one transaction.
type CategoryInput struct {
	Date                time.Time
	Amount              int64 // hundredths, negative for money out
	Currency            string
	Description         string
	Reference           string
	Counterparty        string
	CounterpartyAccount string
	Method              string // the bank's payment method, "" when unknown
}

// Category is a categoriser's answer for one transaction.
type Category struct {
	Code       string  // a taxonomy code, e.g. living.groceries
	Confidence float64 // 0 to 1
	Merchant   string  // the clean merchant name, "" when unknown
	Version    int16   // the categoriser's version, stored as categoriser_version (0: none)
}

// categorise asks the categoriser, when there is one, for the categories
// of every transaction of the upload; nil without a categoriser.
func (s *Service) categorise(ctx context.Context, req *UploadRequest) ([][]Category, error) {
	if s.Categoriser == nil {
		return nil, nil
	}
	var own []string
	var in []CategoryInput
	for _, a := range req.Accounts {
		own = append(own, a.Name)
		if a.IBAN != "" {
			own = append(own, a.IBAN)
		}
		for _, t := range a.Transactions {
			in = append(in, CategoryInput{Date: t.Date, Amount: t.Amount, Currency: t.Currency,
				Description: t.Description, Reference: t.Reference})
		}
	}
	got, err := s.Categoriser.CategoriseBatch(ctx, req.ClientID, req.Kind, own, in)
	if err != nil {
		return nil, fmt.Errorf("aggregation: categorise upload: %w", err)
	}
	if len(got) != len(in) {
		return nil, fmt.Errorf("aggregation: categoriser answered %d categories for %d transactions", len(got), len(in))
	}
	out := make([][]Category, len(req.Accounts))
	for i, a := range req.Accounts {
		out[i], got = got[:len(a.Transactions)], got[len(a.Transactions):]
	}
	return out, nil
}
