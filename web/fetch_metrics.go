package web

import (
	"github.com/prometheus/client_golang/prometheus"

	"openbank/aggregation"
)

// fetchCollector reports the aggregation's figures per bank: fetches
// waiting on it now and its "too many requests" answers.
type fetchCollector struct {
	gate      *aggregation.BankGate
	inFlight  *prometheus.Desc
	throttled *prometheus.Desc
}

func newFetchCollector(gate *aggregation.BankGate) *fetchCollector {
	return &fetchCollector{
		gate: gate,
		inFlight: prometheus.NewDesc("openbank_bank_fetches_in_flight",
			"Fetches waiting on a bank now, by bank (limited by BANK_MAX_CONCURRENCY).", []string{"bank"}, nil),
		throttled: prometheus.NewDesc("openbank_bank_throttled_total",
			"\"Too many requests\" answers from a bank, each asked again after a back-off, by bank.", []string{"bank"}, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *fetchCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.inFlight
	ch <- c.throttled
}

// Collect implements prometheus.Collector.
func (c *fetchCollector) Collect(ch chan<- prometheus.Metric) {
	for _, b := range c.gate.Figures() {
		ch <- prometheus.MustNewConstMetric(c.inFlight, prometheus.GaugeValue, float64(b.InFlight), b.Bank)
		ch <- prometheus.MustNewConstMetric(c.throttled, prometheus.CounterValue, float64(b.Throttled), b.Bank)
	}
}
