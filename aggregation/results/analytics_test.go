package results

import (
	"math"
	"testing"
	"time"

	"openbank/insight/ledger"
	"openbank/store"
)

func TestCategoriesByMonth(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	l := &ledger.Ledger{Entries: []ledger.LedgerEntry{
		{Date: day(2026, 3, 2), Amount: -500, Category: "living.groceries"},
		{Date: day(2026, 3, 5), Amount: -700, Category: "housing.rent"},
		{Date: day(2026, 3, 6), Amount: -100, Category: "living.groceries"},
		{Date: day(2026, 3, 9), Amount: 9000},
		{Date: day(2026, 3, 11), Amount: -1}, // after asOf
		{Date: day(2025, 3, 31), Amount: -4}, // a month too old
		{Date: day(2025, 4, 30), Amount: -2},
		{Date: day(2025, 5, 1), Amount: -3, Category: "living.groceries"},
	}}
	months := categoriesByMonth(l, time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC))
	if len(months) != analyticsMonths || months[0].Month != "2026-03" || months[11].Month != "2025-04" {
		t.Fatalf("months %v … %v", months[0].Month, months[len(months)-1].Month)
	}
	march := months[0]
	want := []CategoryAmount{{"housing.rent", 0, 700, 1}, {"living.groceries", 0, 600, 2}, {Uncategorised, 9000, 0, 1}}
	if march.In != 9000 || march.Out != 1300 || len(march.Categories) != len(want) {
		t.Fatalf("March: %+v", march)
	}
	for i, w := range want {
		if march.Categories[i] != w {
			t.Errorf("March category %d = %+v, want %+v", i, march.Categories[i], w)
		}
	}
	if may := months[10]; may.Month != "2025-05" || may.Out != 3 {
		t.Errorf("May 2025: %+v", may)
	}
	if apr := months[11]; apr.Out != 2 || apr.Categories[0].Category != Uncategorised {
		t.Errorf("April 2025, the oldest month: %+v", apr)
	}
}

// TestLedgerEntriesCarryConfidence checks that the stored categoriser
// confidence reaches the ledger the KPIs read, where it decides whether a
// risk category counts.
func TestLedgerEntriesCarryConfidence(t *testing.T) {
	accounts := []store.Account{{ID: 7}}
	rows := []store.LedgerRow{
		{AccountID: 7, Day: 20000, Amount: -2500, Category: "gambling", Confidence: 0.25},
		{AccountID: 7, Day: 20001, Amount: -900, Category: "living.groceries", Confidence: 0.75},
		{AccountID: 7, Day: 20002, Amount: -100},
	}
	entries := ledgerEntries(rows, accounts, []string{"7"})
	for i, want := range []float64{0.25, 0.75, 0} {
		if math.Abs(entries[i].Confidence-want) > 1e-6 {
			t.Errorf("entry %d: confidence %v, want %v", i, entries[i].Confidence, want)
		}
	}
	if !entries[0].Uncertain() || entries[1].Uncertain() {
		t.Errorf("uncertain: %v and %v, want the gambling guess only", entries[0].Uncertain(), entries[1].Uncertain())
	}
}
