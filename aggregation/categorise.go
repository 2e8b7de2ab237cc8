package aggregation

import (
	"context"
	"fmt"
	"math"

	"openbank/banks"
	"openbank/insight/categorise"
	"openbank/store"
)

// CategoriserVersion is categorise.CategoriserVersion as the number stored in
// transactions.categoriser_version; CategoriserRelease is the release it
// stands for. A new categorise.CategoriserVersion takes the next number here
// (a test fails until it does), and the background job categorises the
// stored transactions again. It also takes a migration that creates the
// partial index transactions_stale_categories again for the new number
// (another test fails until it does).
const (
	CategoriserVersion int16 = 2
	CategoriserRelease       = "2026.11.2"
)

// Enricher is a Categoriser that also categorises transactions one by one,
// with no history and nothing stored, telling how the money moved; kind is
// the subject's, "" for a consumer.
type Enricher interface {
	Enrich(ctx context.Context, clientID, kind string, txs []CategoryInput) ([]Enrichment, error)
}

// Enrichment is the category of one transaction sent for enrichment.
type Enrichment struct {
	Category
	Channel string // how the money moved: card, direct_debit, transfer, …
}

// Insight categorises with the insight package's categoriser and each
// client's corrections; it is the server's Categoriser and Enricher.
type Insight struct {
	Store       *store.Store
	Categoriser *categorise.Categoriser
}

// NewInsight is the Insight of the embedded dictionary and model.
func NewInsight(st *store.Store) (*Insight, error) {
	c, err := categorise.Default()
	if err != nil {
		return nil, fmt.Errorf("aggregation: categoriser: %w", err)
	}
	return &Insight{Store: st, Categoriser: c}, nil
}

// CategoriseBatch categorises one subject's history with the client's
// corrections (see Categoriser).
func (in *Insight) CategoriseBatch(ctx context.Context, clientID, kind string, own []string, txs []CategoryInput) ([]Category, error) {
	overrides, err := in.Store.CategoryOverrides(ctx, clientID)
	if err != nil {
		return nil, err
	}
	history := make([]categorise.Transaction, len(txs))
	for i := range txs {
		history[i] = transactionOf(&txs[i])
	}
	profile := categorise.Profile{Kind: kindOf(kind), OwnAccounts: own, Overrides: overrides}
	results := in.Categoriser.CategoriseHistory(history, &profile)
	out := make([]Category, len(results))
	for i := range results {
		out[i] = categoryOf(&results[i])
	}
	return out, nil
}

// Enrich categorises transactions one by one with the client's corrections,
// as a consumer's unless kind is KindBusiness.
func (in *Insight) Enrich(ctx context.Context, clientID, kind string, txs []CategoryInput) ([]Enrichment, error) {
	overrides, err := in.Store.CategoryOverrides(ctx, clientID)
	if err != nil {
		return nil, err
	}
	profile := categorise.Profile{Kind: categorise.KindConsumer, Overrides: overrides}
	if kind == KindBusiness {
		profile.Kind = categorise.KindBusiness
	}
	out := make([]Enrichment, len(txs))
	for i := range txs {
		r := in.Categoriser.Categorise(transactionOf(&txs[i]), &profile)
		out[i] = Enrichment{Category: categoryOf(&r), Channel: string(r.Channel)}
	}
	return out, nil
}

// transactionOf is what the categoriser reads of an input.
func transactionOf(t *CategoryInput) categorise.Transaction {
	return categorise.Transaction{Description: t.Description, Amount: t.Amount, Date: t.Date,
		Counterparty: t.Counterparty, CounterpartyAccount: t.CounterpartyAccount, Method: t.Method}
}

// categoryOf is a result as stored, its confidence to two decimals.
func categoryOf(r *categorise.Result) Category {
	return Category{Code: r.Category, Confidence: math.Round(r.Confidence*100) / 100, Merchant: r.Merchant,
		Version: CategoriserVersion}
}

// kindOf reads a stored subject kind.
func kindOf(kind string) categorise.Kind {
	switch kind {
	case KindConsumer:
		return categorise.KindConsumer
	case KindBusiness:
		return categorise.KindBusiness
	}
	return categorise.KindUnknown
}

// subjectKind is the kind a connection stores, else the one its provider
// serves: the mock business banks serve businesses, the others consumers.
// (An uploaded connection always stores its kind.)
func subjectKind(provider string, stored store.NullString) string {
	switch {
	case stored.Valid:
		return stored.String
	case provider == banks.BusinessLowRisk || provider == banks.BusinessHighRisk:
		return KindBusiness
	}
	return KindConsumer
}
