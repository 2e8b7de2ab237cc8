package score_test

import (
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/score"
	"openbank/insight/train"
)

// scoreNow is about 24 months after the mock banks' histories open.
var scoreNow = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

func mustScore(t testing.TB, l *ledger.Ledger, asOf time.Time) *score.Score {
	t.Helper()
	s, err := score.ScoreLedger(l, asOf)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMockBanksRank checks, on 100 seeds, that each high-risk bank's customer
// scores below the low-risk bank's customer of the same kind.
func TestMockBanksRank(t *testing.T) {
	pairs := []struct {
		low, high string
		kind      ledger.SubjectKind
	}{{banks.ConsumerLowRisk, banks.ConsumerHighRisk, ledger.ConsumerSubject}, {banks.BusinessLowRisk, banks.BusinessHighRisk, ledger.BusinessSubject}}
	for _, p := range pairs {
		wins := 0
		for seed := int64(1); seed <= 100; seed++ {
			low, err := train.MockLedger(p.low, p.kind, seed, scoreNow, nil)
			if err != nil {
				t.Fatal(err)
			}
			high, err := train.MockLedger(p.high, p.kind, seed, scoreNow, nil)
			if err != nil {
				t.Fatal(err)
			}
			if mustScore(t, high, scoreNow).Value < mustScore(t, low, scoreNow).Value {
				wins++
			}
		}
		t.Logf("%s below %s in %d of 100 seeds", p.high, p.low, wins)
		if wins < 95 {
			t.Errorf("%s scored below %s in %d of 100 seeds, want at least 95", p.high, p.low, wins)
		}
	}
}

func TestScoreShape(t *testing.T) {
	l, err := train.MockLedger(banks.ConsumerHighRisk, ledger.ConsumerSubject, 3, scoreNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		ledger  *ledger.Ledger
		variant string
	}{
		{"full", l, score.VariantFull}, {"no limits", withoutCreditLine(l), score.VariantNoCreditLine},
		{"no categories", withoutCategories(l), score.VariantNoCategories},
		{"neither", withoutCreditLine(withoutCategories(l)), score.VariantBasic},
	}
	last := 2.0
	for _, tt := range tests {
		s := mustScore(t, tt.ledger, scoreNow)
		if s.Variant != tt.variant || s.Value < 0 || s.Value > 1000 || s.Band == "" || len(s.Reasons) == 0 || len(s.Reasons) > 4 {
			t.Errorf("%s: %+v, want variant %s, a value in 0-1000, a band and 1-4 reasons", tt.name, s, tt.variant)
		}
		if s.Confidence >= last {
			t.Errorf("%s: confidence %.2f, want below %.2f", tt.name, s.Confidence, last)
		}
		last = s.Confidence
		for i := 1; i < len(s.Reasons); i++ {
			if s.Reasons[i].PointsLost > s.Reasons[i-1].PointsLost {
				t.Errorf("%s: reasons out of order: %+v", tt.name, s.Reasons)
			}
		}
	}
}

// withoutCategories returns a copy of l whose entries carry no category.
func withoutCategories(l *ledger.Ledger) *ledger.Ledger {
	c := *l
	c.Entries = make([]ledger.LedgerEntry, len(l.Entries))
	for i, e := range l.Entries {
		e.Category = ""
		c.Entries[i] = e
	}
	return &c
}

// withoutCreditLine returns a copy of l whose limits are unknown.
func withoutCreditLine(l *ledger.Ledger) *ledger.Ledger {
	c := *l
	c.Accounts = make([]ledger.LedgerAccount, len(l.Accounts))
	for i, a := range l.Accounts {
		a.Limit, a.HasLimit = 0, false
		c.Accounts[i] = a
	}
	return &c
}
