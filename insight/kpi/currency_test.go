package kpi

import (
	"testing"

	"openbank/insight/ledger"
)

// TestKPIsPerCurrency gives a subject a pound and a euro account: their
// amounts are never added, the main currency is the busier one, and each
// currency has KPIs of its own.
func TestKPIsPerCurrency(t *testing.T) {
	l := handLedger(50000) // GBP: 36 transactions in the year
	l.Accounts = append(l.Accounts, ledger.LedgerAccount{ID: "eur", Type: ledger.CurrentAccount, Currency: "EUR", Balance: 700000})
	for m := range 6 {
		l.Entries = append(l.Entries,
			ledger.LedgerEntry{AccountID: "eur", Date: day0.AddDate(0, 6+m, 27), Amount: 400000, Merchant: "STICHTING PENSIOENFONDS", Category: ledger.IncomePension},
			ledger.LedgerEntry{AccountID: "eur", Date: day0.AddDate(0, 6+m, 2), Amount: -10000, Merchant: "ALBERT HEIJN", Category: ledger.LivingGroceries})
	}
	today := day0.AddDate(0, 12, -1)
	all := ComputeByCurrency(l, today)
	if len(all) != 2 || all[0].Currency != "GBP" || all[1].Currency != "EUR" {
		t.Fatalf("currencies %v, want GBP then EUR", currencies(all))
	}
	gbp, eur := all[0].Window(365), all[1].Window(365)
	if gbp.Income.Total != 12*300000 || gbp.Balance.End != 50000 || gbp.Transactions != 36 {
		t.Errorf("GBP: income %d, end balance %d, %d transactions; want %d, 50000, 36", gbp.Income.Total,
			gbp.Balance.End, gbp.Transactions, 12*300000)
	}
	if eur.Income.Total != 6*400000 || eur.Balance.End != 700000 || eur.Spending.ByCategory[ledger.LivingGroceries] != 60000 {
		t.Errorf("EUR: income %d, end balance %d, groceries %d; want %d, 700000, 60000", eur.Income.Total,
			eur.Balance.End, eur.Spending.ByCategory[ledger.LivingGroceries], 6*400000)
	}
	if main := ComputeKPIs(l, today); main.Currency != "GBP" || main.Window(365).Income.Total != gbp.Income.Total {
		t.Errorf("ComputeKPIs gave %s with income %d, want the GBP KPIs", main.Currency, main.Window(365).Income.Total)
	}
	timeline := BalanceTimeline(l, today, 30)
	if got := timeline[len(timeline)-1].Balance; got != 50000 {
		t.Errorf("the balance timeline ends at %d, want the GBP account's 50000", got)
	}
}

func currencies(all []*KPIs) []string {
	out := make([]string, len(all))
	for i, k := range all {
		out[i] = k.Currency
	}
	return out
}
