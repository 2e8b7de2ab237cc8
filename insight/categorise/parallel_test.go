package categorise

import (
	"runtime"
	"testing"
)

// TestCategoriseHistoryInParallel checks that a history read on several
// processors gets the categories it gets on one, each transaction decided
// on its own or alike ones once.
func TestCategoriseHistoryInParallel(t *testing.T) {
	c := categoriser(t)
	var txs []Transaction
	for _, h := range mockHistories(t, 3*parallelMin) {
		txs = append(txs, h.txs...)
	}
	s := &Profile{Kind: KindConsumer}
	for _, memo := range []bool{false, true} {
		prev := runtime.GOMAXPROCS(1)
		one := c.categoriseHistory(txs, s, memo)
		runtime.GOMAXPROCS(4)
		many := c.categoriseHistory(txs, s, memo)
		runtime.GOMAXPROCS(prev)
		for i := range one {
			if one[i] != many[i] {
				t.Fatalf("memo %v, transaction %d: %+v on one processor, %+v on four", memo, i, one[i], many[i])
			}
		}
	}
}
