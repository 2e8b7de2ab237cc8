package banks

import (
	"math/rand/v2"
	"strconv"
)

// ledger is one account being simulated: its running balance, the bookings
// waiting for a banking day, and the history booked so far.
type ledger struct {
	sim        *sim
	account    Account
	rng        *rand.Rand
	opening    int64
	balance    int64
	held       int64   // pending card payments, positive
	queue      []entry // bookings waiting for their day
	booked     []Transaction
	seqDay     day
	seq        int
	overdrawn  int64 // sum of this month's end-of-day overdrawn balances
	saved      int64 // sum of this month's end-of-day positive balances
	odRate     int64 // overdraft interest, basis points a year
	creditRate int64 // interest paid on credit balances, basis points a year
	returnFee  int64 // charged for each returned or refused payment
	unarranged int64 // how far a direct debit or standing order may overrun the limit (personas only)
	beyond     int64 // sum of this month's end-of-day amounts beyond the limit
	overran    day   // the last day an overrun fee was charged
}

// entry is a transaction decided but not yet booked.
type entry struct {
	tx      Transaction // everything but id, booking date and running balance
	book    day         // the day it books
	checked bool        // returned or refused when it would breach the limit
	pending Transaction // the pending record of a card payment; zero otherwise
	leg     *Transaction
	legTo   *ledger // the own account receiving the opposite leg of a transfer
}

// setOpening sets the balance the history starts from.
func (l *ledger) setOpening(amount int64) { l.opening, l.balance = amount, amount }

// available is what a new payment may spend, counting the arranged limit.
func (l *ledger) available() int64 { return l.balance - l.held + l.account.Limit }

// canPay reports whether an outgoing amount keeps the balance within the limit.
func (l *ledger) canPay(amount int64) bool { return l.available() >= amount }

// between draws an amount in [lo, hi].
func (l *ledger) between(lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	return lo + l.rng.Int64N(hi-lo+1)
}

// chance is true with the given probability in per mille.
func (l *ledger) chance(perMille int) bool { return l.rng.IntN(1000) < perMille }

// nextID returns the next transaction id: the day's date and a sequence number,
// so ids grow with every transaction that appears on the account.
func (l *ledger) nextID() string {
	today := l.sim.today
	if today != l.seqDay {
		l.seqDay, l.seq = today, 0
	}
	l.seq++
	n := strconv.Itoa(l.seq)
	return l.sim.cal.at(today).stamp + "00000"[len(n):] + n
}

// append books tx today and updates the running balance.
func (l *ledger) append(tx Transaction) {
	today := l.sim.today.Time()
	tx.ID = l.nextID()
	tx.AccountID = l.account.ID
	tx.Status = Booked
	tx.Currency = l.account.Currency
	tx.BookingDate = today
	if tx.ValueDate.IsZero() {
		tx.ValueDate = today
	}
	if tx.TransactionDate.IsZero() {
		tx.TransactionDate = today
	}
	l.balance += tx.Amount
	tx.BalanceAfter = l.balance
	l.booked = append(l.booked, tx)
}

// pendingList returns the card payments authorised but not yet booked.
func (l *ledger) pendingList() []Transaction {
	var out []Transaction
	for _, e := range l.queue {
		if e.pending.ID != "" {
			out = append(out, e.pending)
		}
	}
	return out
}
