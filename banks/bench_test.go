package banks

import "testing"

// BenchmarkGenerate24Months measures one account's 24 months of history.
func BenchmarkGenerate24Months(b *testing.B) {
	spec, _ := specFor(ConsumerLowRisk)
	now := historyOpens.Time().AddDate(2, 0, 0)
	n := 0
	for i := 0; b.Loop(); i++ {
		n += len(generate(spec, int64(i), ScenarioNormal, now)[0].booked)
	}
	b.ReportMetric(float64(n)/float64(b.N), "tx/account")
}

// BenchmarkGenerateLargeHistory measures the "large" test user's account.
func BenchmarkGenerateLargeHistory(b *testing.B) {
	spec, _ := specFor(ConsumerLowRisk)
	now := historyOpens.Time().AddDate(2, 0, 0)
	for i := 0; b.Loop(); i++ {
		generate(spec, int64(i), ScenarioLargeHistory, now)
	}
}
