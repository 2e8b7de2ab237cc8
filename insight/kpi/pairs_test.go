package kpi

import (
	"math/rand/v2"
	"slices"
	"testing"

	"openbank/insight/ledger"
)

// naiveOwnTransfers and naiveReversals are the plain searches that
// markOwnTransfers and markReversals must agree with: for each debit every
// credit of its day (pairDay, which quiet days use), for each credit every
// entry of the days before.
func naiveOwnTransfers(entries []bookEntry) {
	for start := 0; start < len(entries); {
		end := start
		for end < len(entries) && entries[end].day == entries[start].day {
			end++
		}
		pairDay(entries[start:end])
		start = end
	}
}

func naiveReversals(entries []bookEntry) {
	for i := range entries {
		in := &entries[i]
		if in.amount <= 0 || in.own {
			continue
		}
		for j := i - 1; j >= 0 && in.day-entries[j].day <= reversalDays; j-- {
			out := &entries[j]
			if out.amount == -in.amount && out.account == in.account && out.payer == in.payer && !out.reversal {
				in.reversal, out.reversal = true, true
				break
			}
		}
	}
}

// TestPairsAgreeWithTheNaiveSearch marks random books both ways: few
// amounts, payers and accounts, so that most entries have several
// candidates, over one to thirty days, so that both the searches of quiet
// books and the maps of busy ones are used.
func TestPairsAgreeWithTheNaiveSearch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		accounts := 1 + rng.IntN(4)
		days := 1 + rng.IntN(30)
		entries := make([]bookEntry, 1+rng.IntN(400))
		for i := range entries {
			amount := int64(1+rng.IntN(6)) * 100
			if rng.IntN(2) == 0 {
				amount = -amount
			}
			entries[i] = bookEntry{day: dayNum(rng.IntN(days)), account: rng.IntN(accounts), amount: amount,
				payer: []string{"A", "B", "C"}[rng.IntN(3)]}
		}
		slices.SortStableFunc(entries, func(a, b bookEntry) int { return int(a.day - b.day) })
		want := slices.Clone(entries)
		naiveOwnTransfers(want)
		naiveReversals(want)
		b := &book{entries: entries, accounts: make([]ledger.LedgerAccount, accounts),
			first: entries[0].day, asOf: entries[len(entries)-1].day}
		if accounts < 2 { // markOwnTransfers needs two accounts, as the naive search finds none
			b.accounts = make([]ledger.LedgerAccount, 2)
		}
		b.markOwnTransfers()
		b.markReversals()
		for i := range want {
			if got := b.entries[i]; got.own != want[i].own || got.reversal != want[i].reversal {
				t.Fatalf("round %d, entry %d %+v: own %v reversal %v, want own %v reversal %v",
					round, i, got, got.own, got.reversal, want[i].own, want[i].reversal)
			}
		}
	}
}
