package banks

import "time"

// The trading flows of a business: customers paying, the acquirer settling
// card takings, suppliers and staff being paid.

var (
	clients   = []string{"ACME RETAIL LTD", "HARTLEY & SONS", "NORTHGATE HOTELS", "PENNINE FOODS LTD", "BLUEWATER EVENTS", "CASTLE DENTAL GROUP", "ORCHARD HOMES LTD", "RIVERSIDE COUNCIL"}
	acquirers = []string{"STRIPE PAYMENTS UK", "WORLDPAY", "SUMUP PAYMENTS", "SQUARE EUROPE"}
	suppliers = []string{"BOOKER WHOLESALE", "BRAKES BROS", "TRAVIS PERKINS", "SCREWFIX DIRECT", "VIKING DIRECT", "CPC FARNELL", "BUNZL UK"}
)

// takings settles yesterday's card sales (and the weekend's on a Monday).
func (b *business) takings() {
	l, days := b.l, int64(1)
	for d := b.s.today - 1; d > b.s.start && !b.s.cal.banking(d); d-- {
		days++
	}
	amount := l.between(b.t.takings[0], b.t.takings[1]) * days * b.scale / 100 * b.trade / 100 * b.health / 100
	b.tax.sale(amount)
	if b.t.cashTakings {
		b.bankCash(amount)
		return
	}
	l.bacsCredit(b.acquirer, "PAYOUT "+b.s.shortDate(), amount, "business.card_settlement")
}

// bankCash keeps cash takings in the till and pays them in on Mondays and Thursdays.
func (b *business) bankCash(amount int64) {
	b.till += amount
	if wd := b.s.today.weekday(); wd == time.Monday || wd == time.Thursday {
		b.l.cashPaidIn(b.s.city, b.till)
		b.till = 0
	}
}

// invoices are customers paying what they owe.
func (b *business) invoices() {
	l := b.l
	if !l.chance(b.t.invoiceRate) {
		return
	}
	b.invoiceNo++
	amount := l.between(b.t.invoice[0], b.t.invoice[1]) * b.scale / 100 * b.trade / 100 * b.health / 100
	l.fasterIn(b.customers[l.rng.IntN(len(b.customers))], "INV "+itoa(b.invoiceNo), amount, "business.revenue")
	b.tax.sale(amount)
}

// buy pays suppliers for goods, deferring what cash does not allow.
func (b *business) buy() {
	l := b.l
	if !l.chance(400) {
		return
	}
	amount := l.between(b.t.supplier[0], b.t.supplier[1]) * b.scale / 100
	b.pay(owed{payee: pick(l, suppliers), ref: "PO " + mandate(l, 5), amount: amount, category: "business.suppliers", rank: 2})
}

// payroll pays every member of staff.
func (b *business) payroll() {
	total := int64(0)
	for _, e := range b.staff {
		amount := e.pay + b.l.between(0, e.pay/20)
		b.pay(owed{payee: e.name, ref: "SALARY " + b.s.monthRef(), amount: amount, category: "business.payroll"})
		total += amount
	}
	b.tax.wages(total)
}

// serviceBills are the software, insurance, accountant and utilities of the business.
func (b *business) serviceBills() []bill {
	l := b.l
	var out []bill
	out = addBill(l, out, Card, "XERO UK", "business.services", 3300, 5900)
	out = addBill(l, out, Card, "MICROSOFT*365", "business.services", 1000*int64(len(b.staff)), 1300*int64(len(b.staff)))
	out = addBill(l, out, Card, "AMAZON WEB SERVICES", "business.services", 4000, 30000)
	out = addBill(l, out, DirectDebit, "HISCOX INSURANCE", "business.services", 6000, 15000)
	out = addBill(l, out, DirectDebit, "BT BUSINESS", "business.services", 4500, 9000)
	out = addBill(l, out, DirectDebit, "BRITISH GAS BUSINESS", "business.services", 12000, 30000)
	out = addBill(l, out, StandingOrder, "HALE & CO ACCOUNTANTS", "business.services", 25000, 45000)
	if b.t.lateTax {
		out = addBill(l, out, DirectDebit, "FUNDING CIRCLE", "credit.loan", 60000, 140000)
	}
	return out
}
