package banks

import "time"

// busyPlanner adds the "large" test user's volume: fifteen small card
// payments a day on the first account, topped up from savings every Sunday,
// so that 24 months hold well over 10,000 transactions.
type busyPlanner struct {
	inner planner
	l     *ledger
	spent int64
}

// busyShops are the small everyday purchases of the large history.
var busyShops = []merchant{
	{"GREGGS #", 150, 600, "living.eating_out", ""}, {"COSTA COFFEE #", 250, 700, "living.eating_out", ""},
	{"TFL TRAVEL CH", 175, 900, "living.transport", "TFL.GOV.UK/CP"}, {"CO-OP GROUP FOOD #", 120, 900, "living.groceries", ""},
	{"PRET A MANGER", 300, 900, "living.eating_out", ""}, {"WHSMITH #", 150, 800, "living.shopping", ""},
}

const busyPerDay = 15

func (p *busyPlanner) plan() {
	p.inner.plan()
	l, s := p.l, p.l.sim
	for range busyPerDay {
		m := &busyShops[l.rng.IntN(len(busyShops))]
		amount := l.between(m.min, m.max)
		if l.cardPayment(s.describe(l, m), partyName(m.name), amount, m.category) {
			p.spent += amount
		}
	}
	if s.today.weekday() == time.Sunday && p.spent > 0 {
		l.fasterIn("MONEYBOX ISA", "TOP UP", (p.spent/1000+1)*1000, "transfer.own")
		p.spent = 0
	}
}
