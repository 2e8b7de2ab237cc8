package banks

import (
	"strconv"
	"time"
)

// everydayRule is a kind of everyday card spending and its chance per day, per mille.
type everydayRule struct {
	pool     []merchant
	perMille int
	seasonal bool
}

// cashInAverage is the average amount of cash paid in, pence.
const cashInAverage = 16000

var everydayRules = []everydayRule{
	{groceries, 430, false}, {eatingOut, 320, false}, {transport, 260, false},
	{shopping, 150, true}, {health, 60, false}, {leisure, 40, false}, {travel, 6, true},
}

// everyday is the day's card spending, cash out and in, and vices.
func (c *consumer) everyday(info *dayInfo) {
	s, l := c.s, c.cur
	for _, r := range everydayRules {
		p := r.perMille
		if r.seasonal {
			p = p * int(seasonShopping[info.month-1]) / 100
		}
		if !l.chance(p) {
			continue
		}
		payer := l
		if c.card != nil && l.chance(750) {
			payer = c.card
		}
		s.shop(payer, r.pool, c.spendPct)
	}
	if l.chance(c.t.cash) {
		l.cashWithdrawal(pick(l, atmOperators), s.city, 1000*l.between(1, 10))
	}
	if info.banking && l.chance(c.t.cashIn) {
		l.cashPaidIn(s.city, 1000*l.between(2, 2*cashInAverage/1000-2))
	}
	c.vices()
}

// vices are tobacco, bets and their occasional winnings, or a weekly lottery ticket.
func (c *consumer) vices() {
	s, l := c.s, c.cur
	if l.chance(c.t.tobacco) {
		s.shop(l, tobacco, 100)
	}
	if l.chance(c.t.gambling) {
		s.shop(l, bookmakers, 100)
	}
	if l.chance(c.t.gambling / 7) {
		m := &bookmakers[l.rng.IntN(len(bookmakers))]
		l.fasterIn(partyName(m.name), "WITHDRAWAL", l.between(2000, 16000), "gambling")
	}
	if s.today.weekday() == time.Saturday && c.t.gambling == 0 && l.chance(350) {
		l.cardPayment("NATIONAL LOTTERY WATFORD", "NATIONAL LOTTERY", 200*l.between(1, 5), "gambling")
	}
}

// social is money sent to and received from friends and family, and refunds.
func (c *consumer) social() {
	l := c.cur
	if l.chance(55) {
		l.fasterOut(pick(l, people), pick(l, socialRefs), 500*l.between(2, 14), "transfer.out")
	}
	if l.chance(45) {
		l.fasterIn(pick(l, people), pick(l, socialRefs), 500*l.between(2, 16), "transfer.in")
	}
	if l.chance(10) {
		m := &shopping[l.rng.IntN(len(shopping))]
		l.post(entry{book: c.s.cal.nextBanking(c.s.today), tx: Transaction{
			Amount: l.between(m.min, m.max), Method: Card, Counterparty: partyName(m.name),
			Description: "REFUND " + partyName(m.name), TrueCategory: "income.other"}})
	}
}

var socialRefs = []string{"THANKS", "DINNER", "BIRTHDAY", "TICKETS", "HOLIDAY", "PETROL", "SHOPPING", "GIFT"}

func itoa(n int) string { return strconv.Itoa(n) }
