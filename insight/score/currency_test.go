package score_test

import (
	"testing"

	"openbank/banks"
	"openbank/insight/ledger"
)

// TestScoreReadsTheMainCurrency gives customers a busy euro account beside
// their pound account, with fewer transactions: the score is the pound
// account's, never a sum of both currencies' minor units.
func TestScoreReadsTheMainCurrency(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		gbp := mockLedger(t, banks.ConsumerHighRisk, seed)
		both := *gbp
		both.Accounts = append(append([]ledger.LedgerAccount(nil), gbp.Accounts...),
			ledger.LedgerAccount{ID: "eur", Type: ledger.CurrentAccount, Currency: "EUR", Balance: 9_000_000})
		both.Entries = append([]ledger.LedgerEntry(nil), gbp.Entries...)
		newest := gbp.AsOf(scoreNow)
		for m := range 12 {
			both.Entries = append(both.Entries, ledger.LedgerEntry{AccountID: "eur", Date: newest.AddDate(0, -m, 0),
				Amount: 2_500_000, Merchant: "WERKGEVER BV", Category: ledger.IncomeSalary, Confidence: 1})
		}
		if got, want := mustScore(t, &both, scoreNow), mustScore(t, gbp, scoreNow); got.Value != want.Value {
			t.Errorf("seed %d: %d points with a euro account, %d without", seed, got.Value, want.Value)
		}
	}
}
