package kpi

import (
	"time"

	"openbank/insight/ledger"
)

// Book is a ledger of one currency prepared on a request day, once for its
// KPIs, its daily balances and the entries the KPIs count (Items): the
// entries up to the as-of day in day order with their marks, and every
// account's end-of-day balance.
type Book struct {
	b        *book
	currency string
	today    time.Time
}

// Open prepares the main currency of l (ledger.ByCurrency) on a request
// day, as ComputeKPIs reads it.
func Open(l *ledger.Ledger, today time.Time) *Book {
	return openBook(l.ByCurrency(today)[0], today)
}

// openBook prepares a ledger of one currency as of its newest entry dated on
// or before today (ledger.AsOf).
func openBook(l *ledger.Ledger, today time.Time) *Book {
	return &Book{b: newBook(l, l.AsOf(today)), currency: l.Currency(), today: today}
}

// Accounts returns the book's accounts; an account's index here is the one
// AccountBalances takes.
func (bk *Book) Accounts() []ledger.LedgerAccount { return bk.b.accounts }
