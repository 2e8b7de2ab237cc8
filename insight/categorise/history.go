package categorise

import "strings"

// history is a batch of one subject's transactions read for deciding.
// Transactions that read alike (the same text and payment method) share one
// reading, and those that would be decided alike share one decision: a long
// history repeats its payees, and each is read and decided once.
type history struct {
	readings  []input // one per distinct text and method: the first transaction that reads so
	firstRead []int32 // each reading's first transaction
	readOf    []int32 // each transaction's reading
	readIndex map[readKey]int32

	decisions  []decision
	decisionOf []int32 // each transaction's decision
	decisionAt map[decisionKey]int32

	recurring []bool // each transaction's: a credit from a payer who pays regularly
}

// readKey is what a reading depends on: the text parsed (the description,
// else the counterparty), the counterparty (read when the description names
// no merchant) and the bank's payment method.
type readKey struct {
	text, counterparty, method string
}

// decision is one distinct decisionKey and its answer.
type decision struct {
	first  int32 // the first transaction decided so
	result Result
}

// decisionKey is everything decide reads of a transaction besides its
// reading and the subject: the direction of the money, whether its payer
// pays regularly, the other side's account (own transfers) and the band of
// the amount (the model). A rule that reads more of a transaction must
// add it here; TestCategoriseHistoryMemo compares every answer with the
// one read on its own.
type decisionKey struct {
	read      int32
	in        bool
	recurring bool
	band      byte
	account   string
}

// readText is the text a transaction is parsed from.
func readText(tx *Transaction) string {
	if strings.TrimSpace(tx.Description) == "" {
		return tx.Counterparty
	}
	return tx.Description
}

// reset makes h ready for n transactions, keeping what it allocated.
func (h *history) reset(n int) {
	h.firstRead, h.decisions = h.firstRead[:0], h.decisions[:0]
	h.readOf, h.decisionOf = resize(h.readOf, n), resize(h.decisionOf, n)
	h.recurring = resize(h.recurring, n)
	clear(h.recurring)
	if h.readIndex == nil {
		h.readIndex, h.decisionAt = map[readKey]int32{}, map[decisionKey]int32{}
	}
	clear(h.readIndex)
	clear(h.decisionAt)
}

// resize returns s with length n, reallocated only when too small; its
// contents are stale.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// index finds each transaction's reading, adding the texts not seen yet;
// without memo each transaction gets its own.
func (h *history) index(txs []Transaction, memo bool) {
	for i := range txs {
		k := readKey{readText(&txs[i]), txs[i].Counterparty, txs[i].Method}
		r, seen := int32(0), false
		if memo {
			r, seen = h.readIndex[k]
		}
		if !seen {
			r = int32(len(h.firstRead))
			h.firstRead = append(h.firstRead, int32(i))
			if memo {
				h.readIndex[k] = r
			}
		}
		h.readOf[i] = r
	}
}

// read parses each reading's first transaction, on every processor for many.
func (h *history) read(txs []Transaction, s *Profile, own *ownSide) {
	h.readings = resize(h.readings, len(h.firstRead))
	inParallel(len(h.readings), func(lo, hi int) {
		for r := lo; r < hi; r++ {
			h.readings[r].read(&txs[h.firstRead[r]], s, own)
		}
	})
}
