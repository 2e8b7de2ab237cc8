package score_test

import (
	"testing"
	"time"

	"openbank/banks"
	"openbank/insight/ledger"
)

// TestUncertainGamblingCostsNothing adds 24 card payments that the
// categoriser guessed were gambling at confidence 0.11: they cost no more
// points than the same payments at a shop, only confidence; the same
// payments known to be bets cost points.
func TestUncertainGamblingCostsNothing(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		l := mockLedger(t, banks.ConsumerLowRisk, seed)
		base := withEntries(l, 24, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: -4000, Merchant: "ARGOS", Description: "CARD PAYMENT ARGOS",
				Category: ledger.LivingShopping, Confidence: 0.95}
		})
		guessed := withEntries(l, 24, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: -4000, Merchant: "CARD PAYMENT", Description: "CARD PAYMENT 4411",
				Category: ledger.Gambling, Confidence: 0.11}
		})
		sure := withEntries(l, 24, func(d time.Time) ledger.LedgerEntry {
			return ledger.LedgerEntry{Date: d, Amount: -4000, Merchant: "BET365", Description: "BET365 STOKE",
				Category: ledger.Gambling, Confidence: 0.95}
		})
		b, g, s := mustScore(t, base, scoreNow), mustScore(t, guessed, scoreNow), mustScore(t, sure, scoreNow)
		if g.Value != b.Value || g.Confidence >= b.Confidence {
			t.Errorf("seed %d: guesses moved the score from %d to %d, confidence %.2f to %.2f; want the same score, less confidence",
				seed, b.Value, g.Value, b.Confidence, g.Confidence)
		}
		if s.Value >= b.Value {
			t.Errorf("seed %d: 24 known bets left the score at %d (from %d)", seed, s.Value, b.Value)
		}
	}
}
