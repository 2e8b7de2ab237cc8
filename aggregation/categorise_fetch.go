package aggregation

import (
	"context"
	"fmt"

	"openbank/store"
)

// How much stored history a fetch reads again so that the categoriser can
// see payers who pay at a steady rhythm: the credits of the last
// recurrenceDays among the last recurrenceRows rows of each account.
const (
	recurrenceDays = 120
	recurrenceRows = 400
)

// Ingest stores a fetch's download as SaveFetch does, each new transaction
// carrying its category: the categoriser reads the new transactions of
// all the connection's accounts as one history of the subject, with the
// recent credits already stored, the subject's own accounts and kind, and
// the client's corrections.
func (s *Service) Ingest(ctx context.Context, fetchID, connectionID int64, accounts []store.AccountData, then func(*store.Tx) error) (int, error) {
	if err := s.categoriseDownload(ctx, connectionID, accounts); err != nil {
		return 0, err
	}
	return s.Store.SaveFetch(ctx, fetchID, connectionID, s.now, accounts, then)
}

// categoriseDownload fills in the category of every downloaded transaction;
// without a categoriser it leaves them uncategorised.
func (s *Service) categoriseDownload(ctx context.Context, connectionID int64, accounts []store.AccountData) error {
	if s.Categoriser == nil || !anyTransactions(accounts) {
		return nil // a refresh with nothing new needs no profile of the subject
	}
	subject, err := s.Store.CategorySubjectOf(ctx, connectionID)
	if err != nil {
		return err
	}
	inputs, err := s.recurrenceContext(ctx, connectionID, downloaded(accounts))
	if err != nil {
		return err
	}
	known := len(inputs)
	own := append([]string(nil), subject.OwnAccounts...)
	for i := range accounts {
		a := &accounts[i]
		own = append(own, a.IBAN, a.Name)
		for j := range a.Transactions {
			inputs = append(inputs, downloadedInput(&a.Transactions[j]))
		}
	}
	kind := subjectKind(subject.Provider, subject.Kind)
	cats, err := s.Categoriser.CategoriseBatch(ctx, subject.ClientID, kind, own, inputs)
	if err != nil {
		return fmt.Errorf("aggregation: categorise fetch: %w", err)
	}
	if len(cats) != len(inputs) {
		return fmt.Errorf("aggregation: categoriser answered %d categories for %d transactions", len(cats), len(inputs))
	}
	cats = cats[known:]
	for i := range accounts {
		for j := range accounts[i].Transactions {
			accounts[i].Transactions[j].Category = store.Category(cats[0])
			cats = cats[1:]
		}
	}
	return nil
}

// recurrenceContext reads the recent credits the connection already
// stores (none on its first fetch), with room for n more inputs.
func (s *Service) recurrenceContext(ctx context.Context, connectionID int64, n int) ([]CategoryInput, error) {
	since := s.now().AddDate(0, 0, -recurrenceDays)
	rows, err := s.Store.RecentCredits(ctx, connectionID, since, recurrenceRows)
	if err != nil {
		return nil, err
	}
	out := make([]CategoryInput, len(rows), len(rows)+n)
	for i := range rows {
		out[i] = storedInput(&rows[i])
	}
	return out, nil
}

// downloadedInput is what the categoriser reads of a downloaded transaction.
func downloadedInput(t *store.TransactionData) CategoryInput {
	return CategoryInput{Date: t.TransactionDate, Amount: t.Amount, Currency: t.Currency, Description: t.Description,
		Reference: t.Reference, Counterparty: t.Counterparty, CounterpartyAccount: t.CounterpartyAccount, Method: t.Method}
}

// storedInput is what the categoriser reads of a stored transaction.
func storedInput(t *store.CategoryRow) CategoryInput {
	return CategoryInput{Date: t.TransactionDate, Amount: t.Amount, Currency: t.Currency, Description: t.Description,
		Reference: t.Reference, Counterparty: t.Counterparty, CounterpartyAccount: t.CounterpartyAccount, Method: t.Method}
}

// downloaded counts a download's transactions.
func downloaded(accounts []store.AccountData) int {
	n := 0
	for i := range accounts {
		n += len(accounts[i].Transactions)
	}
	return n
}

// anyTransactions reports whether a download brought any transaction.
func anyTransactions(accounts []store.AccountData) bool {
	for i := range accounts {
		if len(accounts[i].Transactions) > 0 {
			return true
		}
	}
	return false
}
