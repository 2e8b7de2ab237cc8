package insight

import (
	"testing"

	"openbank/banks"
)

// benchLedger is Consumer Multi-Account's three accounts over 24 months.
func benchLedger(b *testing.B) *Ledger {
	l, err := mockLedger(banks.ConsumerMultiAccount, ConsumerSubject, 11, scoreNow, nil)
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
		ComputeKPIs(l, scoreNow)
	}
}

// BenchmarkScoreLedger measures KPIs and the score of the same ledger.
func BenchmarkScoreLedger(b *testing.B) {
	l := benchLedger(b)
	for b.Loop() {
		if _, err := ScoreLedger(l, scoreNow); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreKPIs measures the scorecard alone.
func BenchmarkScoreKPIs(b *testing.B) {
	m, err := DefaultScorecards()
	if err != nil {
		b.Fatal(err)
	}
	k := ComputeKPIs(benchLedger(b), scoreNow)
	for b.Loop() {
		m.Score(k)
	}
}
