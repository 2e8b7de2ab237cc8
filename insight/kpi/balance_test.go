package kpi

import (
	"testing"

	"openbank/insight/ledger"
)

// TestDaysBelowZeroAndTrend rebuilds balances backwards from today's: the
// account opens at 249.99, takes 0.01 on day 1, spends 1,000.00 on day 10
// and is paid 1,500.00 on day 20 of a 30-day window, ending at 750.00
// (700.00 today after a payment dated later, left out and counted).
func TestDaysBelowZeroAndTrend(t *testing.T) {
	asOf := day0.AddDate(0, 0, 29)
	l := &ledger.Ledger{Kind: ledger.ConsumerSubject, Accounts: []ledger.LedgerAccount{{ID: "a", Type: ledger.CurrentAccount, Balance: 70000, Limit: 100000, HasLimit: true}},
		Entries: []ledger.LedgerEntry{
			{AccountID: "a", Date: day0, Amount: 1},
			{AccountID: "a", Date: day0.AddDate(0, 0, 9), Amount: -100000},
			{AccountID: "a", Date: day0.AddDate(0, 0, 19), Amount: 150000},
			{AccountID: "a", Date: asOf.AddDate(0, 0, 3), Amount: -5000}, // after asOf: backed out
		}}
	k := ComputeKPIs(l, asOf)
	b := k.Window(30).Balance
	if b.Start != 24999 || b.End != 75000 || b.Min != -75000 {
		t.Errorf("start %d end %d min %d, want 24999, 75000 and -75000", b.Start, b.End, b.Min)
	}
	if k.FutureDated != 1 {
		t.Errorf("%d future-dated, want 1", k.FutureDated)
	}
	if b.DaysBelowZero != 10 {
		t.Errorf("days below zero %d, want 10", b.DaysBelowZero)
	}
	if b.MaxCreditUse != 0.75 || b.DaysNearLimit != 0 {
		t.Errorf("max credit use %.2f near limit %d, want 0.75 and 0", b.MaxCreditUse, b.DaysNearLimit)
	}
}

func TestBalanceTrend(t *testing.T) {
	l := &ledger.Ledger{Kind: ledger.ConsumerSubject, Accounts: []ledger.LedgerAccount{{ID: "a", Type: ledger.CurrentAccount, Balance: 0}}}
	for d := range 90 {
		l.Entries = append(l.Entries, ledger.LedgerEntry{AccountID: "a", Date: day0.AddDate(0, 0, d), Amount: 1000})
	}
	b := ComputeKPIs(l, day0.AddDate(0, 0, 89)).Window(90).Balance
	if b.TrendPerMonth != 30000 {
		t.Errorf("trend %.2f a month, want 30000 (10.00 a day)", b.TrendPerMonth)
	}
}

func TestWindowsCutAtHistory(t *testing.T) {
	asOf := day0.AddDate(0, 2, 0)
	k := ComputeKPIs(handLedger(0), asOf)
	for _, w := range k.Windows {
		want := min(w.Days, int(asOf.Sub(day0).Hours()/24)+1)
		if w.CoveredDays != want || w.To != "2025-03-01" {
			t.Errorf("window %d: covers %d days to %s, want %d to 2025-03-01", w.Days, w.CoveredDays, w.To, want)
		}
	}
	if got := k.Window(30).Income.Salary; got != 300000 {
		t.Errorf("30-day salary %d, want one payment of 300000", got)
	}
}

func TestOwnTransfersAndReturnedDebits(t *testing.T) {
	d := day0.AddDate(0, 0, 5)
	l := &ledger.Ledger{Kind: ledger.ConsumerSubject, Accounts: []ledger.LedgerAccount{{ID: "cur", Type: ledger.CurrentAccount}, {ID: "sav", Type: ledger.SavingsAccount}},
		Entries: []ledger.LedgerEntry{
			{AccountID: "cur", Date: day0, Amount: 100000, Merchant: "ACME"},
			{AccountID: "cur", Date: d, Amount: -30000, Merchant: "SAVER"},
			{AccountID: "sav", Date: d, Amount: 30000, Merchant: "CURRENT"},
			{AccountID: "cur", Date: d, Amount: -4500, Merchant: "GAS CO"},
			{AccountID: "cur", Date: d.AddDate(0, 0, 1), Amount: 4500, Merchant: "GAS CO"},
		}}
	w := ComputeKPIs(l, d.AddDate(0, 0, 2)).Window(30)
	if w.Income.Inflows != 100000 || w.Spending.Outflows != 0 || w.Fees.ReturnedPayments != 1 {
		t.Errorf("inflows %d outflows %d returned %d, want 100000, 0 and 1", w.Income.Inflows, w.Spending.Outflows, w.Fees.ReturnedPayments)
	}
}
