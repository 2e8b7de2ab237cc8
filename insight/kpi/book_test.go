package kpi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortByDay sorts random entries, some dated before 1970, and compares
// them with a stable sort: same days in the same order, and each day's
// entries in the order they came.
func TestSortByDay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		entries := make([]bookEntry, rng.IntN(300))
		for i := range entries {
			entries[i] = bookEntry{day: dayNum(rng.IntN(40) - 20), amount: int64(i)}
		}
		if round%10 == 0 {
			slices.SortStableFunc(entries, func(a, b bookEntry) int { return int(a.day - b.day) })
		}
		want := slices.Clone(entries)
		slices.SortStableFunc(want, func(a, b bookEntry) int { return int(a.day - b.day) })
		sortByDay(entries)
		for i := range want {
			if entries[i].day != want[i].day || entries[i].amount != want[i].amount {
				t.Fatalf("round %d, entry %d: day %d, position %d; want day %d, position %d", round, i,
					entries[i].day, entries[i].amount, want[i].day, want[i].amount)
			}
		}
	}
}
