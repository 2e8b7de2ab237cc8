package banks

import "time"

// consumerTraits shape a personal customer's finances. Amounts are pence.
type consumerTraits struct {
	salary      [2]int64 // monthly net salary; zero for irregular earners
	agency      [2]int64 // weekly agency pay, paid on most Fridays
	benefits    [2]int64 // monthly Universal Credit
	housing     [2]int64 // monthly rent or mortgage
	mortgage    bool
	overdraft   int64 // arranged overdraft limit
	appetite    int64 // everyday spending as a percentage of income left after bills
	gambling    int   // chance per day, per mille, of a bet
	tobacco     int   // chance per day, per mille, of buying tobacco
	cash        int   // chance per day, per mille, of an ATM withdrawal
	cashIn      int   // chance per banking day, per mille, of paying cash in
	paydayLoans bool
	bnpl        bool
	returnFee   int64
	odRate      int64 // overdraft interest, basis points a year

	pension      int // chance, per mille, that the household draws a pension
	studentLoan  int // chance, per mille, of repaying a student loan by direct debit
	selfAssessed int // chance, per mille, of paying income tax by self assessment
	education    schooling
	collected    bool // a debt went to a collection agency, repaid monthly (personas only)

	// Personas only: see withIncome.
	support     int64    // monthly money sent by family, percent of the bills and a modest allowance
	supportMiss int      // chance, per mille, that a month's support does not come
	cashWage    [2]int64 // weekly pay in cash, paid in at the counter
	penalty     bool     // payments may overrun the limit, at penalty interest
}

// schooling is a household's education bill: nursery, course or school fees.
type schooling struct {
	perMille int // chance of having it
	payees   []string
	method   Method
	fee      [2]int64 // monthly
}

// everydayBaseline is roughly what the everyday basket costs a month at 100 %.
const everydayBaseline = 155000

// consumer plays one personal customer, day by day.
type consumer struct {
	s        *sim
	t        consumerTraits
	cur      *ledger
	card     *ledger // a credit card taking most everyday spending, if the bank holds one
	save     *ledger // a savings account receiving the regular saving, if the bank holds one
	pay      int64   // base monthly salary
	employer string
	relative string   // who sends the support of a consumer without income
	support  [2]int64 // the range of that support, a month
	payDom   int
	ucDom    int
	spendPct int64
	saving   int64
	bills    []bill
	pension  *pension        // nil when the household draws none
	tax      *selfAssessment // nil when all tax is paid through PAYE
	loan     paydayLoan
	bnpl     instalments
}

// newConsumer opens the current account and draws the subject's circumstances.
func newConsumer(s *sim, t consumerTraits) *consumer {
	c := &consumer{s: s, t: t, cur: s.open("Current Account", Current, t.overdraft)}
	l := c.cur
	l.odRate, l.returnFee = t.odRate, t.returnFee
	if t.penalty {
		l.allowOverrun()
	}
	s.city = cities[l.rng.IntN(len(cities))]
	c.pay = l.between(t.salary[0], t.salary[1])
	c.employer, c.payDom, c.ucDom = pick(l, employers), 25+l.rng.IntN(4), 5+l.rng.IntN(20)
	c.bills = c.regularBills()
	c.pension, c.tax = newPension(s, l, t.pension), newSelfAssessment(l, t.selfAssessed, c.pay)
	fixed := c.tax.monthly()
	for _, b := range c.bills {
		fixed += b.amount
	}
	income := c.pay + t.agency[0]*338/100 + (t.benefits[0]+t.benefits[1])/2 + c.pension.monthly() +
		int64(t.cashIn)*cashInAverage*21/1000 + c.unearned(l, &fixed)
	if t.salary[0] > 0 {
		c.saving = c.pay / 10 / 100 * 100
		fixed += c.saving
	}
	fixed += c.addSchooling(income - fixed)
	c.spendPct = min(max((income-fixed)*t.appetite/everydayBaseline, 20), 160)
	l.setOpening(l.between(income*9/10, income*13/10) - t.overdraft/2 + 6*c.tax.monthly())
	return c
}

// plan is one day of the subject's life.
func (c *consumer) plan() {
	info := c.s.info()
	c.income(info)
	for i := range c.bills {
		if c.bills[i].due(info) {
			c.bills[i].pay(c.s, c.cur, int(info.month))
		}
	}
	if c.tax != nil {
		c.tax.day(c.cur, info)
	}
	if c.saving > 0 && c.s.payday(c.payDom) {
		c.putAside()
	}
	c.everyday(info)
	c.social()
	if c.t.paydayLoans {
		c.loan.day(c)
	}
	if c.t.bnpl {
		c.bnpl.day(c)
	}
}

// income pays salary, agency wages, benefits and pension when due.
func (c *consumer) income(info *dayInfo) {
	s, l := c.s, c.cur
	if c.pay > 0 && s.payday(c.payDom) {
		raise := int64(100 + 3*(info.year-2024))
		l.bacsCredit(c.employer, "SALARY "+s.monthRef(), c.pay*raise/100+l.between(0, c.pay/25), "income.salary")
	}
	if c.t.agency[1] > 0 && s.today.weekday() == time.Friday && info.banking && l.chance(780) {
		_, week := s.today.Time().ISOWeek()
		l.bacsCredit(pick(l, agencies), "PAY WK"+itoa(week), l.between(c.t.agency[0], c.t.agency[1]), "income.salary")
	}
	if c.t.benefits[1] > 0 && s.payday(c.ucDom) {
		l.bacsCredit("DWP UC", "UNIVERSAL CREDIT", l.between(c.t.benefits[0], c.t.benefits[1]), "income.benefits")
	}
	if c.pension != nil {
		c.pension.day(s, l)
	}
	c.unearnedDay(info)
}

// putAside moves the monthly saving the day after payday.
func (c *consumer) putAside() {
	if c.save != nil {
		c.cur.transfer(c.save, c.saving, true, "transfer.own")
		return
	}
	c.cur.standingOrder("MONEYBOX ISA", "SAVINGS", c.saving, "transfer.own")
}
