package kpi

import (
	"testing"

	"openbank/insight/ledger"
)

// TestItems lists a current and a savings account's month: each item keeps
// its party, bucket and marks, and the items marked as the KPIs count them
// add up to the KPIs of the window.
func TestItems(t *testing.T) {
	at := func(d int, account string, amount int64, merchant, category string, confidence float64) ledger.LedgerEntry {
		return ledger.LedgerEntry{AccountID: account, Date: day0.AddDate(0, 0, d), Amount: amount, Merchant: merchant,
			Description: merchant, Category: category, Confidence: confidence}
	}
	l := &ledger.Ledger{Kind: ledger.ConsumerSubject,
		Accounts: []ledger.LedgerAccount{{ID: "cur", Type: ledger.CurrentAccount}, {ID: "sav", Type: ledger.SavingsAccount}},
		Entries: []ledger.LedgerEntry{
			at(12, "cur", -999, "", "", 0),
			at(0, "cur", 100000, "ACME", ledger.IncomeSalary, 1),
			at(5, "cur", -30000, "SAVER", ledger.TransferOwn, 1),
			at(5, "sav", 30000, "CURRENT", ledger.TransferOwn, 1),
			at(5, "cur", -4500, "GAS CO", ledger.HousingUtilities, 1),
			at(6, "cur", 4500, "GAS CO", ledger.HousingUtilities, 1),
			at(7, "cur", -5000, "LOWELL FINANCIAL", ledger.CreditLoan, 0.9),
			at(8, "cur", -5000, "CABOT FINANCIAL", ledger.CreditLoan, 0.2),
			at(9, "cur", -30000, "QUICKQUID", ledger.CreditPayday, 0.3),
			at(10, "cur", -1500, "UNPAID ITEM FEE", ledger.FeesReturned, 1),
			at(11, "cur", -2500, "BET365", ledger.Gambling, 0.95),
		}}
	l.Entries[0].Description = "MYSTERY 123 PAYMENT"
	type marks struct {
		date, party, debit                        string
		bucket                                    Bucket
		counted, own, reversal, collector, unsure bool
	}
	want := []marks{
		{"2025-01-01", "ACME", "", IncomeBucket, true, false, false, false, false},
		{"2025-01-06", "SAVER", "", OtherBucket, true, true, false, false, false},
		{"2025-01-06", "CURRENT", "", OtherBucket, true, true, false, false, false},
		{"2025-01-06", "GAS CO", "", OtherBucket, true, false, true, false, false},
		{"2025-01-07", "GAS CO", "2025-01-06", OtherBucket, true, false, true, false, false},
		{"2025-01-08", "LOWELL FINANCIAL", "", CreditBucket, true, false, false, true, false},
		{"2025-01-09", "CABOT FINANCIAL", "", CreditBucket, true, false, false, true, true},
		{"2025-01-10", "QUICKQUID", "", CreditBucket, false, false, false, false, true},
		{"2025-01-11", "UNPAID ITEM FEE", "", FeeBucket, true, false, false, false, false},
		{"2025-01-12", "BET365", "", GamblingBucket, true, false, false, false, false},
		{"2025-01-13", "MYSTERY PAYMENT", "", OtherBucket, false, false, false, false, false},
	}
	bk := Open(l, day0.AddDate(0, 0, 12))
	items := bk.Items(30)
	if len(items) != len(want) {
		t.Fatalf("%d items, want %d", len(items), len(want))
	}
	var returned, collected int
	for i := range items {
		it := &items[i]
		got := marks{it.Date(), it.Party, it.DebitDate(), it.Bucket, it.Counted, it.Own, it.Reversal, it.Collector, it.Uncertain}
		if got != want[i] {
			t.Errorf("item %d: %+v, want %+v", i, got, want[i])
		}
		if it.Reversal && it.Entry.Amount > 0 {
			returned++
		}
		if it.Collector && !it.Uncertain {
			collected++
		}
	}
	w := bk.KPIs().Window(30)
	if returned != w.Fees.ReturnedPayments || collected != w.Credit.DebtCollection || w.Uncertain.Count != 2 {
		t.Errorf("%d returned and %d collected among the items, the KPIs count %d and %d (and %d uncertain, want 2)",
			returned, collected, w.Fees.ReturnedPayments, w.Credit.DebtCollection, w.Uncertain.Count)
	}
	if got := bk.AccountBalances(0, 30); len(got) != 13 || got[0].Balance != 74999 || got[12].Balance != 0 {
		t.Errorf("current account's balances %+v, want 13 days from 749.99 to 0", got)
	}
}
