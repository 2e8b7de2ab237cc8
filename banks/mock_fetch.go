package banks

import (
	"context"
	"slices"
	"sync/atomic"
	"time"
)

// Accounts lists the consent's accounts with their balances at the bank's clock.
func (m *Mock) Accounts(ctx context.Context, c Consent) ([]Account, error) {
	if err := m.authorise(ctx, c); err != nil {
		return nil, err
	}
	if err := m.throttled(c); err != nil {
		return nil, err
	}
	if c.Scenario == ScenarioSlow {
		if err := wait(ctx, m.slow); err != nil {
			return nil, err
		}
	}
	return slices.Clone(m.summary(c).accounts), nil
}

// Transactions lists an account's booked and still-pending transactions
// matching q, in id order. A pending payment that has booked is not listed:
// its booked successor, with a greater id, names it in PendingID.
func (m *Mock) Transactions(ctx context.Context, c Consent, accountID string, q Query) ([]Transaction, error) {
	if err := m.authorise(ctx, c); err != nil {
		return nil, err
	}
	newest, ok := m.summary(c).newest[accountID]
	if !ok {
		return nil, ErrUnknownAccount
	}
	if q.From.IsZero() && q.AfterID >= newest {
		return []Transaction{}, nil // nothing new: no need to run the history again
	}
	for _, h := range m.generated(c) {
		if h.account.ID == accountID {
			return h.matching(q), nil
		}
	}
	return nil, ErrUnknownAccount
}

// summary is the consent's accounts and newest ids as of today, remembered.
func (m *Mock) summary(c Consent) summary {
	k := m.keyOf(c)
	if s, ok := m.summaries.get(k); ok {
		return s
	}
	s := summarise(m.generated(c))
	m.summaries.put(k, s)
	return s
}

// generated is the consent's histories as of today, remembered for the
// next calls of the same fetch.
func (m *Mock) generated(c Consent) []history {
	k := m.keyOf(c)
	if hs, ok := m.histories.get(k); ok {
		return hs
	}
	hs := generate(m.spec, c.Seed, c.Scenario, m.now())
	m.histories.put(k, hs)
	return hs
}

func (m *Mock) keyOf(c Consent) memoKey {
	return memoKey{seed: c.Seed, scenario: c.Scenario, day: dayOf(m.now())}
}

// throttled refuses every other Accounts call of the "throttled" user with
// "too many requests", starting with the first.
func (m *Mock) throttled(c Consent) error {
	if c.Scenario != ScenarioThrottled {
		return nil
	}
	v, _ := m.calls.LoadOrStore(c.Seed, new(atomic.Int64))
	if v.(*atomic.Int64).Add(1)%2 == 1 {
		return &ThrottleError{RetryAfter: m.throttle}
	}
	return nil
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
