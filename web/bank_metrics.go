package web

import (
	"github.com/prometheus/client_golang/prometheus"

	"openbank/banks"
)

// bankCollector reports the health of the banks reached over the network
// (the connectors), by bank.
type bankCollector struct {
	registry    *banks.Registry
	answering   *prometheus.Desc
	retries     *prometheus.Desc
	unavailable *prometheus.Desc
	bad         *prometheus.Desc
}

func newBankCollector(registry *banks.Registry) *bankCollector {
	label := []string{"bank"}
	return &bankCollector{
		registry: registry,
		answering: prometheus.NewDesc("openbank_bank_answering",
			"1 while a bank reached over the network answered its last call, 0 once that call failed, by bank.", label, nil),
		retries: prometheus.NewDesc("openbank_bank_retries_total",
			"Calls to a bank asked again after a timeout or a 5xx, by bank.", label, nil),
		unavailable: prometheus.NewDesc("openbank_bank_unavailable_total",
			"Calls to a bank that failed for good on a timeout or a 5xx, by bank.", label, nil),
		bad: prometheus.NewDesc("openbank_bank_bad_answers_total",
			"Answers of a bank that could not be used (invalid JSON, too large, a page loop, …), by bank.", label, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *bankCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.answering
	ch <- c.retries
	ch <- c.unavailable
	ch <- c.bad
}

// Collect implements prometheus.Collector.
func (c *bankCollector) Collect(ch chan<- prometheus.Metric) {
	for _, p := range c.registry.All() {
		m, ok := p.(banks.Monitored)
		if !ok {
			continue
		}
		h, code := m.Health(), p.Info().Code
		answering := 0.0
		if h.Answering() {
			answering = 1
		}
		ch <- prometheus.MustNewConstMetric(c.answering, prometheus.GaugeValue, answering, code)
		ch <- prometheus.MustNewConstMetric(c.retries, prometheus.CounterValue, float64(h.Retries), code)
		ch <- prometheus.MustNewConstMetric(c.unavailable, prometheus.CounterValue, float64(h.Unavailable), code)
		ch <- prometheus.MustNewConstMetric(c.bad, prometheus.CounterValue, float64(h.BadAnswers), code)
	}
}
