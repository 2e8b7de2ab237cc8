package kpi

import (
	"time"

	"openbank/insight/ledger"
)

// DayBalance is the end-of-day balance of every account together on a day.
type DayBalance struct {
	Date    string // YYYY-MM-DD
	Balance int64  // minor units
}

// BalanceTimeline returns the daily balance of all of l's accounts over the
// last days days as of asOf, oldest first; card balances count as what is owed.
func BalanceTimeline(l *ledger.Ledger, asOf time.Time, days int) []DayBalance {
	b := newBook(l, asOf)
	s := b.window(days)
	out := make([]DayBalance, 0, s.covered())
	for d := s.from; d <= s.to; d++ {
		var total int64
		for i := range b.accounts {
			total += b.balances[i][d-b.first]
		}
		out = append(out, DayBalance{Date: d.date(), Balance: total})
	}
	return out
}
