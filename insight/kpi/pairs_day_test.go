package kpi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestReversalsKeepTheDebitDay marks random books by searching and by key:
// both give back the same debits, each credit keeps the day of a debit of
// its amount, account and payer within reversalDays, and no other entry
// keeps a day.
func TestReversalsKeepTheDebitDay(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 300 {
		entries := make([]bookEntry, 1+rng.IntN(300))
		for i := range entries {
			amount := int64(1+rng.IntN(4)) * 100
			if rng.IntN(2) == 0 {
				amount = -amount
			}
			entries[i] = bookEntry{day: dayNum(rng.IntN(1 + rng.IntN(20))), account: rng.IntN(2), amount: amount,
				payer: []string{"A", "B"}[rng.IntN(2)]}
		}
		slices.SortStableFunc(entries, func(a, b bookEntry) int { return int(a.day - b.day) })
		searched := &book{entries: slices.Clone(entries)}
		searched.reversalsBySearch()
		keyed := &book{entries: entries}
		keyed.reversalsByKey()
		for i, got := range keyed.entries {
			want := searched.entries[i]
			if got.reversal != want.reversal || got.back != want.back {
				t.Fatalf("round %d, entry %d: reversal %v back %d by key, %v %d by search", round, i, got.reversal,
					got.back, want.reversal, want.back)
			}
			if got.reversal && got.amount > 0 && !returnsADebit(keyed.entries[:i], &got) {
				t.Fatalf("round %d, entry %d %+v: no debit of its amount on day %d", round, i, got, got.back)
			}
			if (!got.reversal || got.amount < 0) && got.back != 0 {
				t.Fatalf("round %d, entry %d %+v keeps a day", round, i, got)
			}
		}
	}
}

// returnsADebit reports whether a debit among before is one a credit may
// give back on the day it keeps.
func returnsADebit(before []bookEntry, in *bookEntry) bool {
	for _, out := range before {
		if out.reversal && out.day == in.back && out.amount == -in.amount && out.account == in.account &&
			out.payer == in.payer && in.day-out.day <= reversalDays {
			return true
		}
	}
	return false
}
