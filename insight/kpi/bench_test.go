package kpi_test

import (
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/train"
)

// benchAsOf is about 24 months after the mock banks' histories open.
var benchAsOf = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)

// benchLedger is Consumer Multi-Account's three accounts over 24 months.
func benchLedger(b *testing.B) *ledger.Ledger {
	l, err := train.MockLedger(banks.ConsumerMultiAccount, ledger.ConsumerSubject, 11, benchAsOf, nil)
	if err != nil {
		b.Fatal(err)
	}
	return l
}

// BenchmarkComputeKPIs measures every window's KPIs of a three-account, 24-month ledger.
func BenchmarkComputeKPIs(b *testing.B) {
	l := benchLedger(b)
	b.ReportMetric(float64(len(l.Entries)), "tx")
	for b.Loop() {
		kpi.ComputeKPIs(l, benchAsOf)
	}
}

// BenchmarkComputeKPIsBusyBusiness measures a business whose two accounts
// book 1,000 entries a day for a year (365,000 in all): takings of a few
// amounts, so that every day has many credits and debits of each amount.
func BenchmarkComputeKPIsBusyBusiness(b *testing.B) {
	l := &ledger.Ledger{Kind: ledger.BusinessSubject, Accounts: []ledger.LedgerAccount{
		{ID: "tills", Type: "current", Currency: "GBP", Balance: 5_000_000},
		{ID: "reserve", Type: "savings", Currency: "GBP", Balance: 20_000_000}}}
	first := benchAsOf.AddDate(-1, 0, 0)
	for d := range 365 {
		day := first.AddDate(0, 0, d)
		for i := range 1000 {
			e := ledger.LedgerEntry{AccountID: "tills", Date: day, Amount: int64(500 + i%20*100), Merchant: "CARD TAKINGS",
				Description: "CARD TAKINGS", Category: "business.revenue"}
			if i%4 == 3 {
				e.Amount, e.Merchant, e.Description, e.Category = -e.Amount, "SUPPLIER", "SUPPLIER PAYMENT", "business.suppliers"
			}
			if i%50 == 49 {
				e.AccountID, e.Category = "reserve", "transfer.in"
			}
			l.Entries = append(l.Entries, e)
		}
	}
	b.ReportMetric(float64(len(l.Entries)), "tx")
	for b.Loop() {
		kpi.ComputeKPIs(l, benchAsOf)
	}
}
