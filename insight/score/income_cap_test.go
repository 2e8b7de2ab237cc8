package score_test

import (
	"strings"
	"testing"

	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// TestNoIncomeIsNeverBandAOrB takes the income out of customers across the
// risk scale, their bets too for some (their pay read as transfers from
// people, so money still comes in): none is in band A or B, and none scores
// better than with its income.
func TestNoIncomeIsNeverBandAOrB(t *testing.T) {
	capped := 0
	for seed := int64(1); seed <= 6; seed++ {
		for _, code := range []string{banks.ConsumerLowRisk, banks.ConsumerMultiAccount, banks.ConsumerHighRisk} {
			for _, l := range []*ledger.Ledger{mockLedger(t, code, seed), withoutBets(mockLedger(t, code, seed))} {
				with := mustScore(t, l, scoreNow)
				without := mustScore(t, withoutIncome(l), scoreNow)
				if without.Band == "A" || without.Band == "B" || without.Value > with.Value {
					t.Errorf("%s seed %d: %d %s without income, %d %s with", code, seed, without.Value, without.Band, with.Value, with.Band)
				}
				if len(without.Reasons) > 0 && without.Reasons[0].Code == score.ReasonNoIncome {
					capped++
					if without.PD12m != 0.05 || without.Band != "C" || !strings.Contains(without.Reasons[0].Text, "band is C at best") {
						t.Errorf("%s seed %d: capped at %.4f, band %s: %+v", code, seed, without.PD12m, without.Band, without.Reasons[0])
					}
				}
			}
		}
	}
	t.Logf("%d of 36 customers without income were capped", capped)
	if capped == 0 {
		t.Error("no customer without income needed the cap; the test shows nothing")
	}
}

// withoutBets is a copy of l whose bets are entertainment.
func withoutBets(l *ledger.Ledger) *ledger.Ledger {
	out := *l
	out.Entries = append([]ledger.LedgerEntry(nil), l.Entries...)
	for i := range out.Entries {
		if out.Entries[i].Category == ledger.Gambling {
			out.Entries[i].Category = ledger.LivingEntertainment
		}
	}
	return &out
}

// withoutIncome is a copy of l whose income entries are payments from people.
func withoutIncome(l *ledger.Ledger) *ledger.Ledger {
	out := *l
	out.Entries = append([]ledger.LedgerEntry(nil), l.Entries...)
	for i := range out.Entries {
		if ledger.Primary(out.Entries[i].Category) == "income" {
			out.Entries[i].Category = ledger.TransferIn
		}
	}
	return &out
}
