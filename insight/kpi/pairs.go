package kpi

// reversalDays is how far back a credit may return a debit of the same amount.
const reversalDays = 5

// markOwnTransfers pairs, within each day, a debit on one account with a credit
// of the same amount on another: money moved between the subject's own
// accounts, found without categories. Each debit, in day order, takes the
// first credit of its amount on another account not yet taken.
func (b *book) markOwnTransfers() {
	if len(b.accounts) < 2 {
		return
	}
	var credits map[int64][]int // a busy day's credits by amount (pairBusyDay)
	for start := 0; start < len(b.entries); {
		end := start
		for end < len(b.entries) && b.entries[end].day == b.entries[start].day {
			end++
		}
		if day := b.entries[start:end]; len(day) <= busyDay {
			pairDay(day)
		} else {
			if credits == nil {
				credits = map[int64][]int{}
			}
			clear(credits)
			pairBusyDay(day, credits)
		}
		start = end
	}
}

// busyDay is the number of entries in a day above which a day's pairs, and
// a book's reversals when that is its average, are found through a map:
// below it, searching is quicker than filling one (measured at 70 a day).
const busyDay = 128

// pairDay marks the own-transfer pairs among one day's entries.
func pairDay(day []bookEntry) {
	for i := range day {
		out := &day[i]
		if out.amount >= 0 || out.own {
			continue
		}
		for j := range day {
			if in := &day[j]; !in.own && in.amount == -out.amount && in.account != out.account {
				out.own, in.own = true, true
				break
			}
		}
	}
}

// pairBusyDay is pairDay for a day of many entries, finding the credits of
// an amount through credits (empty; filled here): a business day of
// thousands of entries would otherwise be a search of thousands for each.
func pairBusyDay(day []bookEntry, credits map[int64][]int) {
	for j := range day {
		if day[j].amount > 0 {
			credits[day[j].amount] = append(credits[day[j].amount], j)
		}
	}
	for i := range day {
		out := &day[i]
		if out.amount >= 0 || out.own {
			continue
		}
		q, ok := credits[-out.amount]
		if !ok {
			continue
		}
		for len(q) > 0 && day[q[0]].own { // taken: never a candidate again
			q = q[1:]
		}
		for _, j := range q {
			if in := &day[j]; !in.own && in.account != out.account {
				out.own, in.own = true, true
				break
			}
		}
		credits[-out.amount] = q
	}
}

// markReversals marks credits that give back a debit of the same amount to
// the same payer on the same account within reversalDays, and those debits:
// returned direct debits and reversed payments. A credit keeps the day of
// the debit it gives back. A credit returns the latest such debit
// before it not returned yet. A book of more than busyDay entries a day finds
// the debits by amount and account (reversalsByKey) rather than searching
// its last days once for each credit (reversalsBySearch).
func (b *book) markReversals() {
	if len(b.entries) > busyDay*(int(b.asOf-b.first)+1) {
		b.reversalsByKey()
		return
	}
	b.reversalsBySearch()
}

// reversalsBySearch is markReversals searching, for each credit, the
// entries of the days before it.
func (b *book) reversalsBySearch() {
	for i := range b.entries {
		in := &b.entries[i]
		if in.amount <= 0 || in.own {
			continue
		}
		for j := i - 1; j >= 0 && in.day-b.entries[j].day <= reversalDays; j-- {
			out := &b.entries[j]
			if out.amount == -in.amount && out.account == in.account && out.payer == in.payer && !out.reversal {
				in.reversal, out.reversal, in.back = true, true, out.day
				break
			}
		}
	}
}

// debitKey is what a credit shares with the debits it may give back.
type debitKey struct {
	amount  int64 // the debit's, negative
	account int
}

// reversalsByKey is markReversals finding the debits by amount and account:
// each key's latest debit is in a map, and each debit links to the one
// before it of the same key.
func (b *book) reversalsByKey() {
	latest := make(map[debitKey]int32, len(b.entries)/8)
	before := make([]int32, len(b.entries)) // a debit's previous of the same key; -1: none
	for i := range b.entries {
		e := &b.entries[i]
		switch {
		case e.amount < 0:
			k := debitKey{e.amount, e.account}
			j, ok := latest[k]
			if !ok {
				j = -1
			}
			before[i], latest[k] = j, int32(i)
		case e.amount > 0 && !e.own:
			j, ok := latest[debitKey{-e.amount, e.account}]
			for ; ok && j >= 0 && e.day-b.entries[j].day <= reversalDays; j = before[j] {
				if out := &b.entries[j]; out.payer == e.payer && !out.reversal {
					e.reversal, out.reversal, e.back = true, true, out.day
					break
				}
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
