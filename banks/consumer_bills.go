package banks

// regularBills draws the subject's housing, utilities, subscriptions and credit.
func (c *consumer) regularBills() []bill {
	l, t := c.cur, c.t
	var bills []bill
	if t.mortgage {
		bills = append(bills, bill{dom: 1, amount: l.between(t.housing[0], t.housing[1]), method: DirectDebit,
			payee: pick(l, mortgageBanks), ref: mandate(l, 12), category: "credit.mortgage"})
	} else {
		bills = append(bills, bill{dom: 1, amount: l.between(t.housing[0], t.housing[1]) / 100 * 100,
			method: StandingOrder, payee: pick(l, landlords), ref: "RENT", category: "housing.rent"})
	}
	bills = append(bills, bill{dom: 1, amount: l.between(11000, 19000), method: DirectDebit,
		payee: c.s.city + " CITY COUNCIL", ref: "CTAX" + mandate(l, 8), category: "housing.council_tax", months: councilMonths})
	bills = addBill(l, bills, DirectDebit, pick(l, energyFirms), "housing.utilities", 7000, 14000)
	bills[len(bills)-1].seasonal = true
	bills = addBill(l, bills, DirectDebit, pick(l, waterFirms), "housing.utilities", 2800, 5200)
	bills = addBill(l, bills, DirectDebit, pick(l, mobileFirms), "housing.telecom", 1200, 4500)
	bills = addBill(l, bills, DirectDebit, pick(l, broadband), "housing.telecom", 2800, 6500)
	bills = addBill(l, bills, Card, pick(l, streaming), "living.entertainment", 599, 1799)
	if l.chance(600) {
		bills = addBill(l, bills, DirectDebit, pick(l, insurers), "living.insurance", 2500, 7000)
	}
	if l.chance(450) {
		bills = addBill(l, bills, DirectDebit, pick(l, gyms), "living.health", 1999, 5999)
	}
	if l.chance(400) {
		bills = addBill(l, bills, DirectDebit, pick(l, carFinance), "credit.loan", 17000, 32000)
	}
	if t.salary[0] > 0 {
		bills = addBill(l, bills, DirectDebit, "TV LICENCE MBP", "living.entertainment", 1450, 1450)
		if l.chance(500) {
			bills = addBill(l, bills, DirectDebit, pick(l, charities), "living.charity", 500, 1500)
		}
	}
	if l.chance(t.studentLoan) {
		bills = addBill(l, bills, DirectDebit, "SLC RECEIPTS", "credit.student", 3000, 16000)
	}
	if t.collected {
		bills = addBill(l, bills, StandingOrder, pick(l, debtCollectors), "credit.loan", 1500, 6000)
	}
	return bills
}

// addSchooling adds the household's education bill when its fee fits in a
// third of what is left each month after the other bills; it returns the fee.
func (c *consumer) addSchooling(left int64) int64 {
	l, e := c.cur, c.t.education
	if !l.chance(e.perMille) || left/3 < e.fee[0] {
		return 0
	}
	c.bills = addBill(l, c.bills, e.method, pick(l, e.payees), "living.education", e.fee[0], min(e.fee[1], left/3))
	return c.bills[len(c.bills)-1].amount
}

// paydayLoan is a high-cost short-term loan taken when the overdraft runs out,
// repaid in three monthly instalments.
type paydayLoan struct {
	left       int
	instalment int64
	lender     string
	ref        string
	dom        int
}

// day repays an instalment when due, or borrows when the subject is short.
func (p *paydayLoan) day(c *consumer) {
	l, info := c.cur, c.s.info()
	if p.left > 0 {
		if info.dom == p.dom {
			l.directDebit(p.lender, p.ref, p.instalment, "credit.payday")
			p.left--
		}
		return
	}
	if l.balance > -l.account.Limit*4/10 || !l.chance(250) {
		return
	}
	principal := 5000 * l.between(3, 10)
	p.lender, p.ref, p.dom = pick(l, lenders), "LOAN"+mandate(l, 7), min(info.dom, 28)
	p.left, p.instalment = 3, principal*45/100
	l.fasterIn(p.lender, p.ref, principal, "credit.inflow")
}

// instalments are buy-now-pay-later plans paid by card every two weeks.
type instalments struct {
	left   int
	amount int64
	shop   string
	next   day
}

// day takes the next instalment when due, and sometimes starts a new plan.
func (b *instalments) day(c *consumer) {
	l, s := c.cur, c.s
	if b.left == 0 {
		if !l.chance(20) {
			return
		}
		b.left, b.amount, b.shop, b.next = 4, l.between(1500, 6000), partyName(pick(l, bnplShops)), s.today
	}
	if s.today == b.next {
		l.cardPayment("KLARNA*"+b.shop+" STOCKHOLM", "KLARNA", b.amount, "credit.bnpl")
		b.left--
		b.next = s.today + 14
	}
}

var bnplShops = []string{"ASOS", "JD SPORTS", "BOOHOO", "SHEIN", "CURRYS"}

// debtCollectors buy debts that went unpaid and collect them by monthly instalments.
var debtCollectors = []string{"LOWELL FINANCIAL", "CABOT FINANCIAL", "INTRUM UK"}
