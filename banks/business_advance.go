package banks

import "time"

// advance is short-term finance a persona business takes when its cash runs
// low (a merchant cash advance or a short business loan), repaid by weekly
// direct debits over ten weeks.
type advance struct {
	left    int
	amount  int64 // each repayment
	lender  string
	ref     string
	weekday time.Weekday
}

// advanceLenders lend to small businesses at short notice.
var advanceLenders = []string{"IWOCA", "YOULEND", "LIBERIS", "CAPITAL ON TAP"}

// day takes the repayment due today, or borrows when the account is more
// than half way into its overdraft.
func (a *advance) day(b *business) {
	l, s := b.l, b.s
	if a.left > 0 {
		if s.today.weekday() == a.weekday && s.cal.banking(s.today) {
			l.directDebit(a.lender, a.ref, a.amount, "credit.loan")
			a.left--
		}
		return
	}
	if l.balance > -l.account.Limit/2 || !l.chance(150) {
		return
	}
	principal := 100000 * l.between(5, 15) * b.scale / 100
	a.lender, a.ref, a.weekday = pick(l, advanceLenders), "ADV"+mandate(l, 7), time.Weekday(1+l.rng.IntN(5))
	a.left, a.amount = 10, principal*112/1000
	l.fasterIn(a.lender, a.ref, principal, "credit.inflow")
}
