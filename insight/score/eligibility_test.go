package score_test

import (
	"errors"
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/score"
	"openbank/insight/train"
)

// TestMinimumScoringCriteria scores histories a lender must not score as
// current: one coffee, ten days, a few transactions, spending with no money
// in, data 98 days old; each gets no score and the criterion it fails.
func TestMinimumScoringCriteria(t *testing.T) {
	full := mockLedger(t, banks.ConsumerLowRisk, 4)
	newest := full.AsOf(scoreNow)
	coffee := &ledger.Ledger{Kind: ledger.ConsumerSubject, Accounts: full.Accounts,
		Entries: []ledger.LedgerEntry{{AccountID: full.Accounts[0].ID, Date: newest, Amount: -340, Merchant: "PRET A MANGER",
			Category: ledger.LivingEatingOut, Confidence: 0.95}}}
	tests := []struct {
		name   string
		l      *ledger.Ledger
		today  time.Time
		reason score.NotScoredReason
	}{
		{"two years, fresh", full, scoreNow, ""},
		{"one coffee", coffee, scoreNow, score.InsufficientHistory},
		{"ten days", since(full, newest.AddDate(0, 0, -9)), scoreNow, score.InsufficientHistory},
		{"89 days between first and newest", startingOn(full, newest.AddDate(0, 0, -89)), scoreNow, score.InsufficientHistory},
		{"90 days between first and newest", startingOn(full, newest.AddDate(0, 0, -90)), scoreNow, ""},
		{"19 transactions over 120 days", sparse(since(full, newest.AddDate(0, 0, -120)), 19), scoreNow, score.TooFewTransactions},
		{"180 days of spending, no money in", spendingOnly(since(full, newest.AddDate(0, 0, -180))), scoreNow, score.NoInflow},
		{"45 days old", full, newest.AddDate(0, 0, 45), ""},
		{"46 days old", full, newest.AddDate(0, 0, 46), score.StaleData},
		{"98 days old", full, newest.AddDate(0, 0, 98), score.StaleData},
	}
	for _, tt := range tests {
		s, err := score.ScoreLedger(tt.l, tt.today)
		var refused *score.NotScoredError
		switch {
		case tt.reason == "" && (err != nil || s == nil):
			t.Errorf("%s: %v, want a score", tt.name, err)
		case tt.reason != "" && (!errors.As(err, &refused) || refused.Reason != tt.reason):
			t.Errorf("%s: score %+v, error %v; want no score for %s", tt.name, s, err, tt.reason)
		}
	}
	future := since(full, scoreNow.AddDate(0, 0, 1))
	future.Entries = []ledger.LedgerEntry{{AccountID: full.Accounts[0].ID, Date: scoreNow.AddDate(0, 0, 3), Amount: 100}}
	if _, err := score.ScoreLedger(future, scoreNow); !errors.Is(err, score.ErrNoHistory) {
		t.Errorf("only a future-dated row: %v, want ErrNoHistory", err)
	}
}

// TestConfidenceFallsWithAge scores the same histories as their data ages:
// the confidence never rises, falls past 31 days, and there is no score past 45.
func TestConfidenceFallsWithAge(t *testing.T) {
	for _, code := range []string{banks.ConsumerLowRisk, banks.ConsumerHighRisk, banks.BusinessLowRisk} {
		kind := ledger.ConsumerSubject
		if code == banks.BusinessLowRisk {
			kind = ledger.BusinessSubject
		}
		l, err := train.MockLedger(code, kind, 9, scoreNow, nil)
		if err != nil {
			t.Fatal(err)
		}
		newest := l.AsOf(scoreNow)
		last, value := 2.0, -1
		for _, age := range []int{0, 30, 31, 35, 40, 45, 46, 60, 98} {
			s, err := score.ScoreLedger(l, newest.AddDate(0, 0, age))
			if age > 45 {
				if err == nil {
					t.Errorf("%s aged %d days: scored %d with confidence %.2f, want no score", code, age, s.Value, s.Confidence)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s aged %d days: %v", code, age, err)
			}
			if s.Confidence > last || (age > 31 && s.Confidence == last) {
				t.Errorf("%s aged %d days: confidence %.2f after %.2f", code, age, s.Confidence, last)
			}
			if value >= 0 && s.Value != value {
				t.Errorf("%s aged %d days: %d points, was %d: the age changed the score itself", code, age, s.Value, value)
			}
			last, value = s.Confidence, s.Value
		}
	}
}

func mockLedger(t *testing.T, code string, seed int64) *ledger.Ledger {
	t.Helper()
	l, err := train.MockLedger(code, ledger.ConsumerSubject, seed, scoreNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// since is a copy of l without the entries before from.
func since(l *ledger.Ledger, from time.Time) *ledger.Ledger {
	return keep(l, func(e *ledger.LedgerEntry) bool { return !e.Date.Before(from) })
}

// startingOn is a copy of l whose first entry, a coffee, is on day from.
func startingOn(l *ledger.Ledger, from time.Time) *ledger.Ledger {
	out := since(l, from)
	out.Entries = append(out.Entries, ledger.LedgerEntry{AccountID: l.Accounts[0].ID, Date: from, Amount: -340,
		Merchant: "PRET A MANGER", Category: ledger.LivingEatingOut, Confidence: 0.95})
	return out
}

// spendingOnly is a copy of l without any money in.
func spendingOnly(l *ledger.Ledger) *ledger.Ledger {
	return keep(l, func(e *ledger.LedgerEntry) bool { return e.Amount < 0 })
}

// sparse is a copy of l with only its first n entries of money out and its
// first pay, spread as l has them.
func sparse(l *ledger.Ledger, n int) *ledger.Ledger {
	paid := false
	out := keep(l, func(e *ledger.LedgerEntry) bool {
		if e.Amount > 0 && !paid {
			paid = true
			return true
		}
		return false
	})
	step := max(1, len(l.Entries)/n)
	for i := 0; i < len(l.Entries) && len(out.Entries) < n; i += step {
		if l.Entries[i].Amount < 0 {
			out.Entries = append(out.Entries, l.Entries[i])
		}
	}
	return out
}

// keep is a copy of l with the entries that pass.
func keep(l *ledger.Ledger, pass func(*ledger.LedgerEntry) bool) *ledger.Ledger {
	out := *l
	out.Entries = nil
	for i := range l.Entries {
		if pass(&l.Entries[i]) {
			out.Entries = append(out.Entries, l.Entries[i])
		}
	}
	return &out
}
