package kpi

import (
	"math"
	"testing"

	"openbank/insight/ledger"
)

// TestSharesOfIncomeShareOneBase checks that every share of income divides
// by the same base: the income, or 100.00 a month without enough of it, so
// that spending without income never reads as 0 % of income.
func TestSharesOfIncomeShareOneBase(t *testing.T) {
	bets := func(l *ledger.Ledger) *ledger.Ledger {
		for m := range 12 {
			l.Entries = append(l.Entries,
				ledger.LedgerEntry{AccountID: "cur", Date: day0.AddDate(0, m, 14), Amount: -5400, Merchant: "BET365", Category: ledger.Gambling, Confidence: 1},
				ledger.LedgerEntry{AccountID: "cur", Date: day0.AddDate(0, m, 15), Amount: -2000, Merchant: "KLARNA", Category: ledger.CreditBNPL, Confidence: 1})
		}
		return l
	}
	withoutSalary := bets(handLedger(0))
	for i := range withoutSalary.Entries {
		if withoutSalary.Entries[i].Category == ledger.IncomeSalary {
			withoutSalary.Entries[i].Category = ledger.TransferIn // money from family, not income
		}
	}
	tests := []struct {
		name string
		l    *ledger.Ledger
		base int64
	}{
		{"salary", bets(handLedger(0)), 12 * 300000},
		{"no income", withoutSalary, int64(math.Round(MinMonthlyIncome * 359 / 30.44))}, // 1 January to 25 December
	}
	for _, tt := range tests {
		w := ComputeKPIs(tt.l, day0.AddDate(0, 12, -1)).Window(365)
		if w.Income.Base != tt.base {
			t.Errorf("%s: income base %d, want %d", tt.name, w.Income.Base, tt.base)
		}
		gambling, credit := round2(float64(12*5400)/float64(tt.base)), round2(float64(12*2000)/float64(tt.base))
		if w.Gambling.ShareOfIncome != gambling || w.Credit.ShareOfIncome != credit || gambling == 0 {
			t.Errorf("%s: gambling %.2f and credit %.2f of income, want %.2f and %.2f", tt.name,
				w.Gambling.ShareOfIncome, w.Credit.ShareOfIncome, gambling, credit)
		}
	}
}
