package insight

// reversalDays is how far back a credit may return a debit of the same amount.
const reversalDays = 5

// markOwnTransfers pairs, within each day, a debit on one account with a credit
// of the same amount on another: money moved between the subject's own
// accounts, found without categories.
func (b *book) markOwnTransfers() {
	if len(b.accounts) < 2 {
		return
	}
	for start := 0; start < len(b.entries); {
		end := start
		for end < len(b.entries) && b.entries[end].day == b.entries[start].day {
			end++
		}
		b.pairDay(b.entries[start:end])
		start = end
	}
}

// pairDay marks the own-transfer pairs among one day's entries.
func (b *book) pairDay(day []bookEntry) {
	for i := range day {
		out := &day[i]
		if out.amount >= 0 || out.own {
			continue
		}
		for j := range day {
			in := &day[j]
			if !in.own && in.amount == -out.amount && in.account != out.account {
				out.own, in.own = true, true
				break
			}
		}
	}
}

// markReversals marks credits that give back a debit of the same amount to
// the same payer on the same account within reversalDays: returned direct
// debits and reversed payments.
func (b *book) markReversals() {
	for i := range b.entries {
		in := &b.entries[i]
		if in.amount <= 0 || in.own {
			continue
		}
		for j := i - 1; j >= 0 && in.day-b.entries[j].day <= reversalDays; j-- {
			out := &b.entries[j]
			if out.amount == -in.amount && out.account == in.account && out.payer == in.payer && !out.reversal {
				in.reversal, out.reversal = true, true
				break
			}
		}
	}
}

// span is the part of a book inside a window: its days and its entries.
type span struct {
	from, to dayNum // inclusive
	lo, hi   int    // entries[lo:hi]
}

// window returns the span of the last days days ending at asOf, cut at the
// start of the history.
func (b *book) window(days int) span {
	s := span{from: max(b.first, b.asOf-dayNum(days)+1), to: b.asOf}
	s.lo = searchDay(b.entries, s.from)
	s.hi = len(b.entries)
	return s
}

// searchDay returns the index of the first entry on or after d.
func searchDay(entries []bookEntry, d dayNum) int {
	lo, hi := 0, len(entries)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if entries[mid].day < d {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// covered is the number of days in the span.
func (s span) covered() int { return int(s.to-s.from) + 1 }

// months is the span's length in months of 30.44 days.
func (s span) months() float64 { return float64(s.covered()) / 30.44 }

// buckets is the number of monthly buckets the span splits into.
func (s span) buckets() int { return max(1, int(float64(s.covered())/30.44+0.5)) }

// bucketOf returns the bucket of day d among n.
func (s span) bucketOf(d dayNum, n int) int { return min(n-1, int(d-s.from)*n/s.covered()) }
