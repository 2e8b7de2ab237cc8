package score_test

import (
	"testing"
	"time"

	"openbank/insight/ledger"
	"openbank/insight/train"
)

// worsen is a change to a ledger that should never raise its score.
type worsen struct {
	name   string
	change func(l *ledger.Ledger, step int) *ledger.Ledger
}

var worsenings = []worsen{
	{"more gambling", func(l *ledger.Ledger, step int) *ledger.Ledger {
		return withEntries(l, step*6, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: -2500, Merchant: "BET365", Description: "BET365 STOKE", Category: "gambling"}
		})
	}},
	{"more returned debits", func(l *ledger.Ledger, step int) *ledger.Ledger {
		out := withEntries(l, step*2, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: -4000, Merchant: "GAS CO", Description: "DIRECT DEBIT GAS CO", Category: "housing.utilities"}
		})
		return withEntries(out, step*2, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: 4000, Merchant: "GAS CO", Description: "RETURNED DIRECT DEBIT GAS CO", Category: "housing.utilities"}
		})
	}},
	{"more overdraft days", func(l *ledger.Ledger, step int) *ledger.Ledger {
		out := *l
		out.Accounts = append([]ledger.LedgerAccount(nil), l.Accounts...)
		out.Accounts[0].Balance -= int64(step) * 40000
		return &out
	}},
}

// withEntries adds n entries on the first account spread over the year up to
// the ledger's newest day (so the day the score is as of stays), and takes
// their sum off today's balance: the money really moved, so every earlier
// balance stays as it was.
func withEntries(l *ledger.Ledger, n int, entry func(time.Time) ledger.LedgerEntry) *ledger.Ledger {
	out := *l
	out.Entries = append([]ledger.LedgerEntry(nil), l.Entries...)
	out.Accounts = append([]ledger.LedgerAccount(nil), l.Accounts...)
	newest := l.AsOf(scoreNow)
	for i := range n {
		e := entry(newest.AddDate(0, 0, -i*360/max(1, n)))
		e.AccountID = l.Accounts[0].ID
		out.Entries = append(out.Entries, e)
		out.Accounts[0].Balance += e.Amount
	}
	return &out
}

// TestScoreMonotone checks that each worsening, at growing doses, never
// raises the score of customers across the risk scale.
func TestScoreMonotone(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
			base := personaForTest(t, kind, float64(seed)/13, seed)
			for _, w := range worsenings {
				last := mustScore(t, base, scoreNow).Value
				for step := 1; step <= 5; step++ {
					got := mustScore(t, w.change(base, step), scoreNow).Value
					if got > last {
						t.Errorf("%s seed %d: %s (dose %d) raised the score from %d to %d", kind, seed, w.name, step, last, got)
					}
					last = got
				}
			}
		}
	}
}

func personaForTest(t *testing.T, kind ledger.SubjectKind, risk float64, seed int64) *ledger.Ledger {
	t.Helper()
	l, err := train.PersonaLedger(kind, risk, seed, scoreNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
