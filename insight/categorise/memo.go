package categorise

import "sync"

// categoriseHistory is CategoriseHistory; without memo every transaction
// is read and decided on its own, the answers memo must not change.
func (c *Categoriser) categoriseHistory(txs []Transaction, s *Profile, memo bool) []Result {
	h := borrowHistory(len(txs))
	defer historyPool.Put(h)
	h.index(txs, memo)
	h.read(txs, s, readOwnSide(s))
	kind := s.kindOrUnknown()
	if kind == KindUnknown {
		kind = h.inferKind(txs)
	}
	h.markRecurring(txs)
	h.group(txs, memo)
	h.decide(c, txs, kind)
	out := make([]Result, len(txs))
	for i, d := range h.decisionOf {
		out[i] = h.decisions[d].result
	}
	return out
}

// group finds each transaction's decision, adding those not met yet;
// without memo each transaction gets its own.
func (h *history) group(txs []Transaction, memo bool) {
	for i := range txs {
		tx := &txs[i]
		k := decisionKey{read: h.readOf[i], in: tx.Amount > 0, recurring: h.recurring[i],
			band: amountBucket(tx.Amount), account: tx.CounterpartyAccount}
		d, seen := int32(0), false
		if memo {
			d, seen = h.decisionAt[k]
		}
		if !seen {
			d = int32(len(h.decisions))
			h.decisions = append(h.decisions, decision{first: int32(i)})
			if memo {
				h.decisionAt[k] = d
			}
		}
		h.decisionOf[i] = d
	}
}

// decide decides each decision for its first transaction, on every
// processor for many.
func (h *history) decide(c *Categoriser, txs []Transaction, kind Kind) {
	inParallel(len(h.decisions), func(lo, hi int) {
		for d := lo; d < hi; d++ {
			first := h.decisions[d].first
			in := h.readings[h.readOf[first]]
			in.tx = &txs[first]
			in.in, in.kind, in.recurring = in.tx.Amount > 0, kind, h.recurring[first]
			h.decisions[d].result = c.decide(&in)
		}
	})
}

// historyPool keeps the read form of histories between calls: a long
// history of distinct payees reads into megabytes.
var historyPool = sync.Pool{New: func() any { return new(history) }}

// borrowHistory returns a history from the pool, ready for n transactions.
// What a returned one still points to (the last batch's transactions) is
// let go with the pool's entries, which do not outlive two collections.
func borrowHistory(n int) *history {
	h := historyPool.Get().(*history)
	h.reset(n)
	return h
}
