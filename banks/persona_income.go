package banks

import "time"

// withIncome changes a consumer's traits for how it is paid: IncomeNone
// takes away earnings, benefits and pensions and has family send money
// every month instead (less, and less surely, the riskier it is);
// IncomeCash pays a weekly wage in cash that is paid in at the counter,
// and triples the cash drawn. IncomeDrawn keeps the traits as they are.
func withIncome(t consumerTraits, income PersonaIncome, risk float64, penalty bool) consumerTraits {
	t.penalty = penalty
	if income == IncomeDrawn {
		return t
	}
	t.salary, t.agency, t.benefits = [2]int64{}, [2]int64{}, [2]int64{}
	t.pension, t.selfAssessed = 0, 0
	switch income {
	case IncomeNone:
		t.support = lerpRange([2]int64{110000, 160000}, [2]int64{50000, 80000}, risk)
		t.supportMiss = lerpChance(40, 300, risk)
	case IncomeCash:
		t.cashWage = lerpRange([2]int64{52000, 70000}, [2]int64{32000, 48000}, risk)
		t.cash = max(3*t.cash, 150)
	}
	return t
}

// unearned draws who supports a consumer without income and returns the
// money it expects a month from support and cash wages; zero for others.
func (c *consumer) unearned(l *ledger) int64 {
	if c.t.support[1] > 0 {
		c.relative = pick(l, people)
	}
	return (c.t.support[0]+c.t.support[1])/2*(1000-int64(c.t.supportMiss))/1000 +
		(c.t.cashWage[0]+c.t.cashWage[1])/2*390/100
}

// unearnedDay pays the family's support on the ucDom and the cash wage
// on Fridays, when the persona has them.
func (c *consumer) unearnedDay(info *dayInfo) {
	s, l := c.s, c.cur
	if c.t.support[1] > 0 && s.payday(c.ucDom) && !l.chance(c.t.supportMiss) {
		l.fasterIn(c.relative, "ALLOWANCE", l.between(c.t.support[0], c.t.support[1])/100*100, "transfer.in")
	}
	if c.t.cashWage[1] > 0 && s.today.weekday() == time.Friday && info.banking && l.chance(880) {
		l.cashPaidIn(s.city, l.between(c.t.cashWage[0], c.t.cashWage[1])/100*100)
	}
}
