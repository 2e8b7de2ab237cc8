package aggregation_test

import (
	"testing"
)

// BenchmarkUploadCSV10k sends a CSV file of 10,000 rows through the
// handler, the service and PostgreSQL, end to end, into a new connection
// each time.
func BenchmarkUploadCSV10k(b *testing.B) {
	a := newUploadAPI(b)
	file := csvRows(10_000)
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		if got := a.csv("client-a", "subjectId=s&kind=consumer", file); got.status != 201 || got.body["transactionsAdded"] != 10_000.0 {
			b.Fatalf("%d %s", got.status, got.raw)
		}
	}
}
