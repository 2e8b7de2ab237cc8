package report_test

import (
	"testing"

	"openbank/insight/ledger"
	"openbank/insight/report"
	"openbank/insight/train"
)

// BenchmarkBuildReport measures the report of a busy three-account, 24-month ledger.
func BenchmarkBuildReport(b *testing.B) {
	accounts, txs := busyData(b)
	l := train.LedgerFromBank(ledger.ConsumerSubject, accounts, txs, nil)
	for b.Loop() {
		if _, err := report.BuildReport("bench", l, scoreNow, reportGenerated); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(l.Entries)), "tx")
}

// BenchmarkRenderPDF measures printing that ledger's report.
func BenchmarkRenderPDF(b *testing.B) {
	accounts, txs := busyData(b)
	r := labelledReport(b, "bench", ledger.ConsumerSubject, accounts, txs)
	var pdf []byte
	for b.Loop() {
		var err error
		if pdf, err = report.RenderPDF(r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pdf)), "bytes")
}
