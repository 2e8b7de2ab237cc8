package banks

import "time"

// withIncome changes a consumer's traits for how it is paid: IncomeNone
// takes away earnings, benefits and pensions and has family send money
// every month instead, enough for the bills and a little more at risk 0,
// short of them and less surely the riskier it is; IncomeCash pays a weekly
// wage in cash that is paid in at the counter, and doubles the cash drawn.
// IncomeDrawn keeps the traits as they are.
func withIncome(t consumerTraits, income PersonaIncome, risk float64, penalty bool) consumerTraits {
	t.penalty = penalty
	if income == IncomeDrawn {
		return t
	}
	t.salary, t.agency, t.benefits = [2]int64{}, [2]int64{}, [2]int64{}
	t.pension, t.selfAssessed = 0, 0
	switch income {
	case IncomeNone:
		t.support = lerp(125, 92, risk)
		t.supportMiss = lerpChance(20, 150, risk)
	case IncomeCash:
		t.cashWage = lerpRange([2]int64{52000, 70000}, [2]int64{34000, 50000}, risk)
		t.cash = max(2*t.cash, 120)
	}
	return t
}

// allowance is what a consumer without income is sent beyond its bills, a month.
const allowance = 45000

// unearned sizes the support of a consumer without income from its bills
// and draws who sends it; for cash in hand it counts the cash drawn among
// the bills. It returns the money expected a month from support and cash
// wages; zero for others.
func (c *consumer) unearned(l *ledger, fixed *int64) int64 {
	switch {
	case c.t.support > 0:
		c.relative = pick(l, people)
		need := *fixed + allowance
		c.support = [2]int64{need * c.t.support / 100, need * (c.t.support + 10) / 100}
		return (c.support[0] + c.support[1]) / 2 * (1000 - int64(c.t.supportMiss)) / 1000
	case c.t.cashWage[1] > 0:
		*fixed += int64(c.t.cash) * 30 * 5500 / 1000
		return (c.t.cashWage[0] + c.t.cashWage[1]) / 2 * 390 / 100
	}
	return 0
}

// unearnedDay pays the family's support on the ucDom and the cash wage
// on Fridays, when the persona has them.
func (c *consumer) unearnedDay(info *dayInfo) {
	s, l := c.s, c.cur
	if c.support[1] > 0 && s.payday(c.ucDom) && !l.chance(c.t.supportMiss) {
		l.fasterIn(c.relative, "ALLOWANCE", l.between(c.support[0], c.support[1])/100*100, "transfer.in")
	}
	if c.t.cashWage[1] > 0 && s.today.weekday() == time.Friday && info.banking && l.chance(880) {
		l.cashPaidIn(s.city, l.between(c.t.cashWage[0], c.t.cashWage[1])/100*100)
	}
}
