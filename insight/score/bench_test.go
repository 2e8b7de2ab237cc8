package score_test

import (
	"testing"

	"openbank/banks"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
	"openbank/insight/train"
)

// benchConsumer is Consumer Multi-Account's three accounts over 24 months.
func benchConsumer(b *testing.B) *ledger.Ledger {
	l, err := train.MockLedger(banks.ConsumerMultiAccount, ledger.ConsumerSubject, 11, scoreNow, nil)
	if err != nil {
		b.Fatal(err)
	}
	return l
}

// BenchmarkScoreLedger measures KPIs and the score of the same ledger.
func BenchmarkScoreLedger(b *testing.B) {
	l := benchConsumer(b)
	for b.Loop() {
		if _, err := score.ScoreLedger(l, scoreNow); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreKPIs measures the scorecard alone.
func BenchmarkScoreKPIs(b *testing.B) {
	m, err := score.DefaultScorecards()
	if err != nil {
		b.Fatal(err)
	}
	k := kpi.ComputeKPIs(benchConsumer(b), scoreNow)
	for b.Loop() {
		m.Score(k)
	}
}
