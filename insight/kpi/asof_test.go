package kpi

import (
	"testing"

	"openbank/insight/ledger"
)

// TestKPIsAsOfTheNewestData computes the hand-made year on request days
// after its newest transaction: the windows end at that transaction, the
// answer says how old it is, and rows dated after the request day are left
// out and counted.
func TestKPIsAsOfTheNewestData(t *testing.T) {
	newest := day0.AddDate(0, 11, 24) // the last salary
	tests := []struct {
		name         string
		ageDays      int
		futureRows   int
		stale        bool
		wantFuture   int
		wantIncome30 int64
	}{
		{"current", 0, 0, false, 0, 300000},
		{"a month old", 31, 0, false, 0, 300000},
		{"stale", 32, 0, true, 0, 300000},
		{"98 days old", 98, 0, true, 0, 300000},
		{"rows after the request day", 5, 3, false, 3, 300000},
	}
	for _, tt := range tests {
		l := handLedger(0)
		l.Entries = l.Entries[:len(l.Entries)-1] // no payment after the last salary
		today := newest.AddDate(0, 0, tt.ageDays)
		for i := range tt.futureRows {
			l.Entries = append(l.Entries, ledger.LedgerEntry{AccountID: "cur", Date: today.AddDate(0, 0, 1+i),
				Amount: 999999, Category: ledger.IncomeSalary, Merchant: "ACME LTD"})
		}
		k := ComputeKPIs(l, today.Add(15*3600e9))
		w := k.Window(30)
		if k.AsOf != "2025-12-25" || w.To != k.AsOf || k.DataAgeDays != tt.ageDays || k.Stale != tt.stale {
			t.Errorf("%s: as of %s (30-day window to %s), %d days old, stale %v; want 2025-12-25, %d days, stale %v",
				tt.name, k.AsOf, w.To, k.DataAgeDays, k.Stale, tt.ageDays, tt.stale)
		}
		if k.FutureDated != tt.wantFuture || w.Income.Total != tt.wantIncome30 {
			t.Errorf("%s: %d future-dated, 30-day income %d; want %d and %d", tt.name, k.FutureDated, w.Income.Total,
				tt.wantFuture, tt.wantIncome30)
		}
	}
}

// TestBalanceStartPlusNetIsEnd checks, on every window of a year of one
// current account, that the opening balance is the balance before the
// window's first transaction: start plus the window's net cash flow is its end.
func TestBalanceStartPlusNetIsEnd(t *testing.T) {
	for _, balance := range []int64{0, -250000, 1234567} {
		l := handLedger(balance)
		for _, asOf := range []int{0, 9, 24} { // a rent day, a subscription day, a pay day
			k := ComputeKPIs(l, day0.AddDate(0, 11, asOf))
			for _, w := range k.Windows {
				if w.Balance.Start+w.CashFlow.Net != w.Balance.End {
					t.Errorf("balance %d, as of %s, %d days: start %d + net %d != end %d", balance, k.AsOf, w.Days,
						w.Balance.Start, w.CashFlow.Net, w.Balance.End)
				}
			}
		}
	}
}
