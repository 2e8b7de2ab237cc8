package banks

// businessTraits shape a small company's finances. Amounts are pence.
type businessTraits struct {
	opening     [2]int64
	overdraft   int64
	staff       [2]int
	pay         [2]int64 // monthly net pay per employee
	invoice     [2]int64 // size of a customer invoice, for six staff
	invoiceRate int      // chance per banking day, per mille, of an invoice paid
	takings     [2]int64 // daily card takings settled by the acquirer, for six staff
	supplier    [2]int64 // size of a supplier payment, for six staff
	rent        [2]int64 // quarterly rent, paid in advance on the quarter days
	margin      int64    // expected revenue as a percentage of expected costs
	weakMonths  int      // chance per month, per mille, of a cash-flow gap
	lateTax     bool     // HMRC is paid late, when cash allows
	returnFee   int64
	odRate      int64

	// Personas only.
	advances    bool // short-term finance when cash runs low
	cashTakings bool // takings are banked as cash twice a week, not settled by an acquirer
	penalty     bool // payments may overrun the limit, at penalty interest
}

// employee is a member of staff paid monthly by faster payment.
type employee struct {
	name string
	pay  int64
}

// business plays one small company, day by day.
type business struct {
	s         *sim
	t         businessTraits
	l         *ledger
	scale     int64 // percentage: costs grow with the staff count
	trade     int64 // percentage applied to invoices and takings so revenue meets the margin
	staff     []employee
	customers []string
	acquirer  string
	payDom    int
	health    int64 // this month's revenue as a percentage of normal
	till      int64 // cash takings not banked yet
	advance   advance
	invoiceNo int
	services  []bill
	tax       taxBook
	owed      []owed
}

func newBusiness(s *sim, t businessTraits) *business {
	l := s.open("Business Current Account", Current, t.overdraft)
	l.odRate, l.returnFee = t.odRate, t.returnFee
	if t.penalty {
		l.allowOverrun()
	}
	s.city = cities[l.rng.IntN(len(cities))]
	b := &business{s: s, t: t, l: l, health: 100, payDom: 25 + l.rng.IntN(4), invoiceNo: 1000 + l.rng.IntN(9000)}
	n := t.staff[0] + l.rng.IntN(t.staff[1]-t.staff[0]+1)
	b.scale = int64(n) * 100 / 6
	for range n {
		b.staff = append(b.staff, employee{name: pick(l, people), pay: l.between(t.pay[0], t.pay[1])})
	}
	for range 6 {
		b.customers = append(b.customers, pick(l, clients))
	}
	b.acquirer = pick(l, acquirers)
	b.services = b.serviceBills()
	b.trade = b.sizeTrade()
	b.tax.paye, b.tax.vat = "120P"+mandate(l, 9), mandate(l, 9)
	l.setOpening(l.between(t.opening[0], t.opening[1]))
	return b
}

// sizeTrade returns the percentage that makes expected monthly revenue cover
// expected monthly costs (staff with employer taxes, suppliers, rent,
// services, and VAT) by the profile's margin.
func (b *business) sizeTrade() int64 {
	t := b.t
	costs := int64(150000) + (t.supplier[0]+t.supplier[1])/2*86/10*b.scale/100 + (t.rent[0]+t.rent[1])/6*b.scale/100
	for _, e := range b.staff {
		costs += e.pay * 142 / 100
	}
	revenue := ((t.invoice[0]+t.invoice[1])/2*int64(t.invoiceRate)*215/10000 + (t.takings[0]+t.takings[1])/2*304/10) * b.scale / 100
	return costs * t.margin / 100 * 115 / revenue
}

func (b *business) plan() {
	s, l, info := b.s, b.l, b.s.info()
	if info.dom == 1 {
		b.newMonth(info)
	}
	if info.banking {
		b.takings()
		b.invoices()
		b.buy()
	}
	for i := range b.services {
		if b.services[i].due(info) {
			b.services[i].pay(s, l, int(info.month))
		}
	}
	if s.payday(b.payDom) {
		b.payroll()
	}
	b.taxes(info)
	if info.banking {
		b.catchUp()
	}
	if b.t.advances {
		b.advance.day(b)
	}
	if l.chance(120) {
		s.shop(l, transport[2:5], 100)
	}
}

// newMonth charges the account fee, pays quarterly rent and draws the month's trade.
func (b *business) newMonth(info *dayInfo) {
	l := b.l
	l.charge("ACCOUNT FEE", l.between(650, 1500), "fees.bank")
	b.health = l.between(95, 112)
	if l.chance(b.t.weakMonths) {
		b.health = l.between(30, 60)
	}
	if info.month%3 == 0 {
		rent := owed{payee: "GRAINGER ESTATES LTD", ref: "RENT Q" + itoa(int(info.month)/3), category: "business.rent",
			amount: l.between(b.t.rent[0], b.t.rent[1]) * b.scale / 100, rank: 1}
		if b.t.lateTax {
			b.pay(rent)
		} else {
			l.standingOrder(rent.payee, rent.ref, rent.amount, rent.category)
		}
	}
	b.tax.newMonth(info)
}
