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

// BalanceTimeline returns the daily balance of all the accounts of l's main
// currency over the last days days up to the day ComputeKPIs computes as of
// on a request day today, oldest first; card balances count as what is owed.
func BalanceTimeline(l *ledger.Ledger, today time.Time, days int) []DayBalance {
	main := l.ByCurrency(today)[0]
	b := newBook(main, main.AsOf(today))
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
