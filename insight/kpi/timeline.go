package kpi

import (
	"time"

	"openbank/insight/ledger"
)

// DayBalance is an end-of-day balance on a day.
type DayBalance struct {
	Date    string // YYYY-MM-DD
	Balance int64  // minor units
}

// BalanceTimeline returns the daily balance of all the accounts of l's main
// currency over the last days days up to the day ComputeKPIs computes as of
// on a request day today, oldest first; card balances count as what is owed.
func BalanceTimeline(l *ledger.Ledger, today time.Time, days int) []DayBalance {
	return Open(l, today).Balances(days)
}

// Balances returns the daily balance of all the book's accounts together
// over the last days days up to its as-of day (the window ComputeKPIs reads),
// oldest first; card balances count as what is owed.
func (bk *Book) Balances(days int) []DayBalance {
	b := bk.b
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

// AccountBalances returns one account's end-of-day balances over the last
// days days up to the book's as-of day, oldest first: the balances
// BalanceKPIs read (a current account's days below zero).
func (bk *Book) AccountBalances(account, days int) []DayBalance {
	b := bk.b
	s := b.window(days)
	out := make([]DayBalance, 0, s.covered())
	for d := s.from; d <= s.to; d++ {
		out = append(out, DayBalance{Date: d.date(), Balance: b.balances[account][d-b.first]})
	}
	return out
}
