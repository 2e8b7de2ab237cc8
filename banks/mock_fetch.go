package banks

import (
	"context"
	"time"
)

// Accounts lists the consent's accounts with their balances at the bank's clock.
func (m *Mock) Accounts(ctx context.Context, c Consent) ([]Account, error) {
	if err := m.authorise(ctx, c); err != nil {
		return nil, err
	}
	if c.Scenario == ScenarioSlow {
		if err := wait(ctx, m.slow); err != nil {
			return nil, err
		}
	}
	histories := generate(m.spec, c.Seed, c.Scenario, m.now())
	out := make([]Account, len(histories))
	for i, h := range histories {
		out[i] = h.account
	}
	return out, nil
}

// Transactions lists an account's booked and still-pending transactions
// matching q, in id order. A pending payment that has booked is not listed:
// its booked successor, with a greater id, names it in PendingID.
func (m *Mock) Transactions(ctx context.Context, c Consent, accountID string, q Query) ([]Transaction, error) {
	if err := m.authorise(ctx, c); err != nil {
		return nil, err
	}
	for _, h := range generate(m.spec, c.Seed, c.Scenario, m.now()) {
		if h.account.ID == accountID {
			return h.matching(q), nil
		}
	}
	return nil, ErrUnknownAccount
}

// authorise checks that the consent allows a fetch now.
func (m *Mock) authorise(ctx context.Context, c Consent) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if c.Bank != m.spec.info.Code || c.Status != ConsentOK {
		return ErrConsentNotGranted
	}
	if !m.now().Before(c.ValidUntil) {
		return ErrConsentExpired
	}
	return c.Scenario.fetchError()
}

// matching merges booked and pending transactions in id order and applies q.
func (h history) matching(q Query) []Transaction {
	out := make([]Transaction, 0, len(h.booked)+len(h.pending))
	b, p := h.booked, h.pending
	for len(b) > 0 || len(p) > 0 {
		var tx Transaction
		if len(p) == 0 || (len(b) > 0 && b[0].ID < p[0].ID) {
			tx, b = b[0], b[1:]
		} else {
			tx, p = p[0], p[1:]
		}
		if q.matches(&tx) {
			out = append(out, tx)
		}
	}
	return out
}

// matches reports whether tx is on or after q.From and newer than q.AfterID.
func (q Query) matches(tx *Transaction) bool {
	if q.AfterID != "" && tx.ID <= q.AfterID {
		return false
	}
	if q.From.IsZero() {
		return true
	}
	date := tx.BookingDate
	if tx.Status == Pending {
		date = tx.TransactionDate
	}
	return dayOf(date) >= dayOf(q.From)
}

// wait sleeps for d unless ctx ends first.
func wait(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
