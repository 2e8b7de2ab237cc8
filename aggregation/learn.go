package aggregation

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
	"openbank/store"
)

// MaxCorrections bounds the corrections of one learn call.
const MaxCorrections = 500

// ErrUnknownTransaction is matched by a correction of a transaction that is
// not one of the client's.
var ErrUnknownTransaction = errors.New("the transaction is not one of the client's")

// Correction is a client's category for one of its stored transactions.
type Correction struct {
	TransactionID int64
	Category      string // a taxonomy code
}

// Learned answers Learn: how many transactions took their corrected
// category and the merchant keys the client's later transactions are
// categorised by.
type Learned struct {
	Learned      int
	MerchantKeys []string
}

// CheckCorrections checks the number of corrections and their categories.
func CheckCorrections(corrections []Correction) error {
	if len(corrections) == 0 || len(corrections) > MaxCorrections {
		return &FieldError{Field: "body", Problem: fmt.Sprintf("must hold 1 to %d corrections, got %d", MaxCorrections, len(corrections))}
	}
	for i, c := range corrections {
		if c.TransactionID <= 0 {
			return &FieldError{Field: fmt.Sprintf("[%d].transactionId", i), Problem: "must be a positive integer"}
		}
		if !ledger.Valid(c.Category) {
			return &FieldError{Field: fmt.Sprintf("[%d].category", i), Problem: "must be a category code of the taxonomy, e.g. living.groceries"}
		}
	}
	return nil
}

// Learn records a client's corrections: each transaction takes its
// category with confidence 1, and the client's later transactions with the
// same merchant key (categorise.MerchantKey) take it too. A transaction that
// is not the client's refuses the whole call with ErrUnknownTransaction.
func (s *Service) Learn(ctx context.Context, clientID string, corrections []Correction) (*Learned, error) {
	if err := CheckCorrections(corrections); err != nil {
		return nil, err
	}
	ids := make([]int64, len(corrections))
	for i, c := range corrections {
		ids[i] = c.TransactionID
	}
	out := &Learned{MerchantKeys: make([]string, 0, len(corrections))}
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		targets, err := tx.CategoryTargets(ctx, clientID, ids)
		if err != nil {
			return err
		}
		overrides, updates, err := learnFrom(corrections, targets)
		if err != nil {
			return err
		}
		if err := tx.SaveCategoryOverrides(ctx, clientID, overrides, s.now()); err != nil {
			return err
		}
		out.Learned = len(updates)
		for k := range overrides {
			out.MerchantKeys = append(out.MerchantKeys, k)
		}
		return tx.SetCategories(ctx, updates)
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(out.MerchantKeys)
	return out, nil
}

// learnFrom pairs the corrections with their stored transactions: the
// overrides by merchant key (a later correction of the same key wins) and
// the new category of each transaction.
func learnFrom(corrections []Correction, targets []store.CategoryTarget) (map[string]string, []store.CategoryUpdate, error) {
	byID := make(map[int64]*store.CategoryTarget, len(targets))
	for i := range targets {
		byID[targets[i].ID] = &targets[i]
	}
	overrides := map[string]string{}
	updates := make([]store.CategoryUpdate, 0, len(corrections))
	seen := make(map[int64]int, len(corrections)) // a repeated transaction takes its last correction
	for i, c := range corrections {
		t, ok := byID[c.TransactionID]
		if !ok {
			return nil, nil, &FieldError{Field: fmt.Sprintf("[%d].transactionId", i), err: ErrUnknownTransaction,
				Problem: fmt.Sprintf("transaction %d is not visible to the client", c.TransactionID)}
		}
		if key := categorise.MerchantKey(payee(t.Description, t.Counterparty)); key != "" {
			overrides[key] = c.Category
		}
		u := store.CategoryUpdate{ID: t.ID, AccountID: t.AccountID,
			Category: store.Category{Code: c.Category, Confidence: 1, Merchant: t.Merchant.String, Version: CategoriserVersion}}
		if at, ok := seen[t.ID]; ok {
			updates[at] = u
			continue
		}
		seen[t.ID] = len(updates)
		updates = append(updates, u)
	}
	return overrides, updates, nil
}

// payee is the text the categoriser reads a transaction's merchant from:
// its description, else its counterparty.
func payee(description, counterparty string) string {
	if strings.TrimSpace(description) == "" {
		return counterparty
	}
	return description
}
