package kpi

import (
	"testing"

	"openbank/insight/ledger"
)

// TestUncertainRiskEntries adds risk entries at various confidences to the
// hand-made year: those below ledger.RiskConfidence leave the gambling, fee
// and credit figures and are counted apart, with their share of risk money.
func TestUncertainRiskEntries(t *testing.T) {
	at := func(d int) ledger.LedgerEntry {
		return ledger.LedgerEntry{AccountID: "cur", Date: day0.AddDate(0, 11, d)}
	}
	entry := func(d int, amount int64, merchant, category string, confidence float64) ledger.LedgerEntry {
		e := at(d)
		e.Amount, e.Merchant, e.Description, e.Category, e.Confidence = amount, merchant, merchant, category, confidence
		return e
	}
	guesses := make([]ledger.LedgerEntry, 24)
	for i := range guesses {
		guesses[i] = entry(i%28, -2500, "CARD PAYMENT", ledger.Gambling, 0.11)
	}
	tests := []struct {
		name                   string
		add                    []ledger.LedgerEntry
		gambling, fees, payday int
		collections            int
		uncertain              UncertainKPIs
	}{
		{"24 gambling guesses", guesses, 0, 0, 0, 0, UncertainKPIs{24, 60000, 1}},
		{"sure bets", []ledger.LedgerEntry{entry(3, -2500, "BET365", ledger.Gambling, 0.95), entry(4, -2500, "BET365", ledger.Gambling, ledger.RiskConfidence)},
			2, 0, 0, 0, UncertainKPIs{}},
		{"a sure and an unsure fee", []ledger.LedgerEntry{entry(5, -1500, "UNPAID ITEM FEE", ledger.FeesReturned, 1), entry(6, -1500, "CHARGE", ledger.FeesReturned, 0.4)},
			0, 1, 0, 0, UncertainKPIs{1, 1500, 0.5}},
		{"an unsure payday lender", []ledger.LedgerEntry{entry(7, -30000, "QUICKQUID", ledger.CreditPayday, 0.3)},
			0, 0, 0, 0, UncertainKPIs{1, 30000, 1}},
		{"collectors, sure and unsure", []ledger.LedgerEntry{entry(8, -5000, "LOWELL FINANCIAL", ledger.CreditLoan, 0.9), entry(9, -5000, "CABOT FINANCIAL", ledger.CreditLoan, 0.2)},
			0, 0, 0, 1, UncertainKPIs{1, 5000, 0.5}},
	}
	for _, tt := range tests {
		l := handLedger(0)
		for i := range l.Entries {
			l.Entries[i].Confidence = 1
		}
		l.Entries = append(l.Entries, tt.add...)
		w := ComputeKPIs(l, day0.AddDate(0, 12, -1)).Window(30)
		if w.Gambling.Count != tt.gambling || w.Fees.ReturnedFeeCount != tt.fees || w.Credit.PaydayCount != tt.payday ||
			w.Credit.DebtCollection != tt.collections {
			t.Errorf("%s: %d bets, %d fees, %d payday, %d collections; want %d, %d, %d, %d", tt.name, w.Gambling.Count,
				w.Fees.ReturnedFeeCount, w.Credit.PaydayCount, w.Credit.DebtCollection, tt.gambling, tt.fees, tt.payday, tt.collections)
		}
		if w.Uncertain != tt.uncertain {
			t.Errorf("%s: uncertain %+v, want %+v", tt.name, w.Uncertain, tt.uncertain)
		}
		if tt.gambling == 0 && (w.Gambling.Spend != 0 || w.Spending.ByCategory[ledger.Gambling] != 0) {
			t.Errorf("%s: uncertain bets counted: spend %d, by category %d", tt.name, w.Gambling.Spend, w.Spending.ByCategory[ledger.Gambling])
		}
	}
}
