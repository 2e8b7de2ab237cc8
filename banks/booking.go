package banks

// post books e now when it is due today, otherwise queues it; it reports
// false when a checked payment due today could not be made.
func (l *ledger) post(e entry) bool {
	if e.book > l.sim.today {
		l.queue = append(l.queue, e)
		return true
	}
	return l.bookEntry(&e)
}

// bookDue books the queued entries due today, in the order they were queued.
func (l *ledger) bookDue() {
	kept := l.queue[:0]
	for _, e := range l.queue {
		if e.book != l.sim.today {
			kept = append(kept, e)
			continue
		}
		if e.pending.ID != "" {
			l.held += e.tx.Amount
		}
		l.bookEntry(&e)
	}
	clear(l.queue[len(kept):])
	l.queue = kept
}

// bookEntry books e unless a checked payment would breach the limit, in which
// case the bank returns or refuses it and charges its fee; a bank that
// allows overruns pays it within the unarranged margin and charges a fee.
func (l *ledger) bookEntry(e *entry) bool {
	if after := l.balance + e.tx.Amount; e.checked && e.tx.Amount < 0 && after < -l.account.Limit {
		if after < -l.account.Limit-l.unarranged {
			l.bounce(e)
			return false
		}
		l.overrun()
	}
	l.append(e.tx)
	if e.legTo != nil {
		e.legTo.append(*e.leg)
	}
	return true
}

// bounce handles an unaffordable payment: a direct debit is paid then
// returned unpaid, a standing order is refused; both cost a fee.
func (l *ledger) bounce(e *entry) {
	switch e.tx.Method {
	case DirectDebit:
		l.append(e.tx)
		back := e.tx
		back.Amount = -e.tx.Amount
		back.Description = "RETURNED DIRECT DEBIT " + e.tx.Counterparty + " REF " + e.tx.Reference
		l.append(back)
		l.fee("UNPAID DIRECT DEBIT FEE "+e.tx.Counterparty, l.returnFee, "fees.returned")
	case StandingOrder:
		l.fee("REFUSED STANDING ORDER FEE "+e.tx.Counterparty, l.returnFee, "fees.returned")
	}
}

// fee books a charge today (callers are on a banking day).
func (l *ledger) fee(desc string, amount int64, category string) {
	if amount <= 0 {
		return
	}
	l.append(Transaction{Amount: -amount, Method: Fee, Description: desc, Counterparty: "OPENBANK", TrueCategory: category})
}

// monthEnd charges overdraft interest and pays credit interest for the month
// that just ended, booked on the first banking day of the new month.
func (l *ledger) monthEnd() {
	book := l.sim.cal.nextBanking(l.sim.today)
	if amt := l.overdrawn * l.odRate / (10000 * 365); amt > 0 {
		l.post(entry{book: book, tx: Transaction{Amount: -amt, Method: Interest,
			Description: "OVERDRAFT INTEREST", Counterparty: "OPENBANK", TrueCategory: "fees.overdraft"}})
	}
	if amt := l.beyond * penaltyRate / (10000 * 365); amt > 0 {
		l.post(entry{book: book, tx: Transaction{Amount: -amt, Method: Interest, Reference: penaltyRef,
			Description: "PENALTY INTEREST NEGATIVE BALANCE", Counterparty: "OPENBANK", TrueCategory: "fees.overdraft"}})
	}
	if amt := l.saved * l.creditRate / (10000 * 365); amt > 0 {
		l.post(entry{book: book, tx: Transaction{Amount: amt, Method: Interest,
			Description: "INTEREST PAID GROSS", Counterparty: "OPENBANK", TrueCategory: "income.other"}})
	}
	l.overdrawn, l.saved, l.beyond = 0, 0, 0
}

// endOfDay accrues the day's balance for the month's interest.
func (l *ledger) endOfDay() {
	if l.balance < 0 {
		l.overdrawn -= l.balance
		if l.unarranged > 0 {
			l.beyond += max(0, -l.balance-l.account.Limit)
		}
	} else {
		l.saved += l.balance
	}
}

// charge books a bank charge on the next banking day.
func (l *ledger) charge(desc string, amount int64, category string) {
	l.post(entry{book: l.sim.cal.nextBanking(l.sim.today), tx: Transaction{Amount: -amount, Method: Fee,
		Description: desc, Counterparty: "OPENBANK", TrueCategory: category}})
}

// Overruns of the limit: the margin a persona's bank allows, the fee for
// each day a payment overran, and the penalty interest on the unarranged part.
const (
	overrunCharge = 800
	penaltyRate   = 7500 // basis points a year, on top of the overdraft rate
	penaltyRef    = "UNARRANGED"
)

// allowOverrun lets checked payments overrun the limit by half of it, at least 250.00.
func (l *ledger) allowOverrun() { l.unarranged = max(25000, l.account.Limit/2) }

// overrun charges the fee for a payment that overran the limit, once a day.
func (l *ledger) overrun() {
	if l.overran == l.sim.today {
		return
	}
	l.overran = l.sim.today
	l.post(entry{book: l.sim.cal.nextBanking(l.sim.today), tx: Transaction{Amount: -overrunCharge, Method: Fee,
		Reference: penaltyRef, Description: "UNARRANGED OVERDRAFT FEE", Counterparty: "OPENBANK", TrueCategory: "fees.overdraft"}})
}
