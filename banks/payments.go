package banks

import "strings"

// The payment shapes a planner uses; each prints its description the way UK
// bank exports do and books on the days its payment scheme allows.

// cardPayment authorises a card payment today; it books one to three banking
// days later under a new id. It reports false when the card is declined.
func (l *ledger) cardPayment(desc, party string, amount int64, category string) bool {
	return l.authorise(Card, desc, party, amount, category, 1+l.rng.IntN(3))
}

// cashWithdrawal takes cash from an ATM; it books on the next banking day.
func (l *ledger) cashWithdrawal(operator, city string, amount int64) bool {
	desc := "CASH WITHDRAWAL " + operator + " " + city + " " + l.sim.shortDate()
	return l.authorise(ATM, desc, operator, amount, "cash.withdrawal", 1)
}

// cashPaidIn credits cash paid in today over a branch or Post Office counter
// (callers are on a banking day).
func (l *ledger) cashPaidIn(city string, amount int64) {
	desc, party := "COUNTER CREDIT "+city+" "+l.sim.shortDate(), "OPENBANK"
	if l.chance(500) {
		desc, party = "CASH PAID IN POST OFFICE "+city+" "+l.sim.shortDate(), "POST OFFICE"
	}
	l.post(entry{book: l.sim.today, tx: Transaction{Amount: amount, Method: Cash, Counterparty: party,
		Description: desc, TrueCategory: "cash.deposit"}})
}

func (l *ledger) authorise(m Method, desc, party string, amount int64, category string, lag int) bool {
	if amount <= 0 || !l.canPay(amount) {
		return false
	}
	s := l.sim
	tx := Transaction{TransactionDate: s.today.Time(), Amount: -amount, Method: m,
		Description: desc, Counterparty: party, TrueCategory: category}
	tx.ValueDate = tx.TransactionDate
	p := tx
	p.ID, p.AccountID, p.Status, p.Currency, p.ValueDate = l.nextID(), l.account.ID, Pending, l.account.Currency, zeroTime
	tx.PendingID = p.ID
	l.held += amount
	l.queue = append(l.queue, entry{tx: tx, book: s.cal.addBanking(s.today, lag), pending: p})
	return true
}

// directDebit is collected on the next banking day; unpaid ones are returned.
func (l *ledger) directDebit(payee, ref string, amount int64, category string) {
	l.post(entry{book: l.sim.cal.nextBanking(l.sim.today), checked: true, tx: Transaction{
		Amount: -amount, Method: DirectDebit, Counterparty: payee, Reference: ref, TrueCategory: category,
		Description: "DIRECT DEBIT " + payee + " REF " + ref}})
}

// standingOrder leaves on the next banking day; unaffordable ones are refused.
func (l *ledger) standingOrder(payee, ref string, amount int64, category string) {
	l.post(entry{book: l.sim.cal.nextBanking(l.sim.today), checked: true, tx: Transaction{
		Amount: -amount, Method: StandingOrder, Counterparty: payee, Reference: ref, TrueCategory: category,
		Description: "STANDING ORDER " + payee + " REF " + ref}})
}

// fasterOut sends a faster payment now (any day) if the account can afford it.
func (l *ledger) fasterOut(payee, ref string, amount int64, category string) bool {
	if !l.canPay(amount) {
		return false
	}
	return l.post(entry{book: l.sim.today, tx: Transaction{
		Amount: -amount, Method: FasterPayment, Counterparty: payee, Reference: ref, TrueCategory: category,
		Description: "FASTER PAYMENT TO " + payee + " REF " + ref}})
}

// fasterIn receives a faster payment now (any day).
func (l *ledger) fasterIn(payer, ref string, amount int64, category string) {
	l.post(entry{book: l.sim.today, tx: Transaction{
		Amount: amount, Method: FasterPayment, Counterparty: payer, Reference: ref, TrueCategory: category,
		Description: "FASTER PAYMENT FROM " + payer + " REF " + ref}})
}

// bacsCredit receives a BACS payment (salaries, benefits, settlements) on the next banking day.
func (l *ledger) bacsCredit(payer, ref string, amount int64, category string) {
	l.post(entry{book: l.sim.cal.nextBanking(l.sim.today), tx: Transaction{
		Amount: amount, Method: BACS, Counterparty: payer, Reference: ref, TrueCategory: category,
		Description: "BACS CREDIT " + payer + " REF " + ref}})
}

// transfer moves money to another own account: a standing order when regular,
// otherwise an immediate transfer. Both legs book on the same day.
func (l *ledger) transfer(to *ledger, amount int64, regular bool, category string) bool {
	if !l.canPay(amount) {
		return false
	}
	out := Transaction{Amount: -amount, Method: Transfer, Counterparty: to.account.Name,
		CounterpartyAccount: to.account.IBAN, Reference: "OWN TRANSFER", TrueCategory: category,
		Description: "TRANSFER TO " + strings.ToUpper(to.account.Name) + " " + to.account.IBAN[len(to.account.IBAN)-8:]}
	in := Transaction{Amount: amount, Method: Transfer, Counterparty: l.account.Name,
		CounterpartyAccount: l.account.IBAN, Reference: "OWN TRANSFER", TrueCategory: "transfer.own",
		Description: "TRANSFER FROM " + strings.ToUpper(l.account.Name) + " " + l.account.IBAN[len(l.account.IBAN)-8:]}
	book := l.sim.today
	if regular {
		out.Method, in.Method = StandingOrder, StandingOrder
		book = l.sim.cal.nextBanking(book)
	}
	return l.post(entry{book: book, checked: true, tx: out, leg: &in, legTo: to})
}
