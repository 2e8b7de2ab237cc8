package kpi

import (
	"testing"
	"time"

	"openbank/insight/ledger"
)

// day0 is the first day of the hand-made ledgers.
var day0 = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// handLedger is a current account with a salary on the 25th of each month for
// a year, rent on the 1st and a streaming subscription on the 10th.
func handLedger(balance int64) *ledger.Ledger {
	l := &ledger.Ledger{Kind: ledger.ConsumerSubject, Accounts: []ledger.LedgerAccount{{ID: "cur", Type: ledger.CurrentAccount, Currency: "GBP",
		Balance: balance, Limit: 50000, HasLimit: true}}}
	for m := range 12 {
		month := day0.AddDate(0, m, 0)
		l.Entries = append(l.Entries,
			ledger.LedgerEntry{AccountID: "cur", Date: month.AddDate(0, 0, 24), Amount: 300000, Merchant: "ACME LTD", Category: "income.salary"},
			ledger.LedgerEntry{AccountID: "cur", Date: month, Amount: -120000, Merchant: "LANDLORD", Category: "housing.rent", Description: "STANDING ORDER LANDLORD"},
			ledger.LedgerEntry{AccountID: "cur", Date: month.AddDate(0, 0, 9), Amount: -999, Merchant: "NETFLIX", Category: "living.entertainment", Description: "NETFLIX.COM"})
	}
	return l
}

func TestSalaryAndIncomeStreams(t *testing.T) {
	k := ComputeKPIs(handLedger(0), day0.AddDate(0, 12, -1))
	w := k.Window(365)
	if w.Income.MonthsWithSalary != w.Income.Months || w.Income.Months != 12 {
		t.Errorf("months with salary %d of %d, want 12 of 12", w.Income.MonthsWithSalary, w.Income.Months)
	}
	if w.Income.Total != 12*300000 || w.Income.Variation != 0 {
		t.Errorf("income %d variation %.2f, want %d and 0", w.Income.Total, w.Income.Variation, 12*300000)
	}
	if len(w.Income.Streams) != 1 || w.Income.Streams[0].Periodicity != "monthly" || w.Income.Streams[0].Payer != "ACME LTD" {
		t.Errorf("streams %+v, want one monthly stream from ACME LTD", w.Income.Streams)
	}
	if w.Housing.Rent != 12*120000 || w.Spending.Committed != 12*120000 {
		t.Errorf("rent %d committed %d, want %d", w.Housing.Rent, w.Spending.Committed, 12*120000)
	}
}

func TestRecurringPayments(t *testing.T) {
	k := ComputeKPIs(handLedger(0), day0.AddDate(0, 12, -1))
	want := map[string]string{"LANDLORD": "2026-01-01", "NETFLIX": "2026-01-10"}
	if len(k.Recurring) != len(want) {
		t.Fatalf("recurring %+v, want rent and the subscription", k.Recurring)
	}
	for _, r := range k.Recurring {
		if r.Cadence != "monthly" || r.NextExpected != want[r.Merchant] {
			t.Errorf("%s: cadence %s next %s, want monthly next %s", r.Merchant, r.Cadence, r.NextExpected, want[r.Merchant])
		}
	}
}

func TestCadences(t *testing.T) {
	tests := []struct {
		gap, n int
		want   string
	}{{7, 6, "weekly"}, {14, 5, "fortnightly"}, {30, 4, "monthly"}, {91, 4, "quarterly"}, {365, 2, "annual"}, {45, 5, "irregular"}}
	for _, tt := range tests {
		days := make([]dayNum, tt.n)
		for i := range days {
			days[i] = dayNum(20000 + i*tt.gap + i%2)
		}
		if got := cadenceOf(days).name; got != tt.want {
			t.Errorf("gap %d: cadence %s, want %s", tt.gap, got, tt.want)
		}
	}
}
