package insight

import (
	"runtime"
	"testing"
)

// TestCategoriseHistoryInParallel checks that a history read on several
// processors gets the categories it gets on one.
func TestCategoriseHistoryInParallel(t *testing.T) {
	c := categoriser(t)
	var txs []Transaction
	for _, h := range mockHistories(t, 3*parallelMin) {
		txs = append(txs, h.txs...)
	}
	s := &Profile{Kind: KindConsumer}
	prev := runtime.GOMAXPROCS(1)
	one := c.CategoriseHistory(txs, s)
	runtime.GOMAXPROCS(4)
	many := c.CategoriseHistory(txs, s)
	runtime.GOMAXPROCS(prev)
	for i := range one {
		if one[i] != many[i] {
			t.Fatalf("transaction %d: %+v on one processor, %+v on four", i, one[i], many[i])
		}
	}
}
