package banks

// taxBook tracks what the business owes HMRC: PAYE on last month's payroll,
// VAT on last quarter's margin and corporation tax on last year's profit.
type taxBook struct {
	paye, vat       string // HMRC references
	payroll         int64  // net pay of the last payday
	quarter, lastQ  int64  // VAT-inclusive margin of this and the last quarter
	year, lastYear  int64  // margin of this and the last accounting year (to 31 March)
	costs, lastCost int64  // payroll and overheads of this and the last accounting year
}

func (t *taxBook) sale(amount int64)     { t.quarter += amount; t.year += amount }
func (t *taxBook) purchase(amount int64) { t.quarter -= amount; t.year -= amount }
func (t *taxBook) wages(net int64)       { t.payroll = net; t.costs += net * 142 / 100 }

// newMonth rolls the quarter and the accounting year.
func (t *taxBook) newMonth(info *dayInfo) {
	if info.month%3 == 1 {
		t.lastQ, t.quarter = t.quarter, 0
	}
	if info.month == 4 {
		t.lastYear, t.year = t.year, 0
		t.lastCost, t.costs = t.costs, 0
	}
}

// taxes pays PAYE by the 22nd, VAT by direct debit after the 7th of the second
// month after a quarter, and corporation tax on 1 January. A business with
// lateTax pays whenever cash allows instead, and is charged penalties.
func (b *business) taxes(info *dayInfo) {
	l, t := b.l, &b.tax
	if b.s.payday(22) && t.payroll > 0 {
		b.hmrc("HMRC PAYE", t.paye+b.s.monthRef(), t.payroll*42/100, 22)
	}
	if info.dom == 10 && info.month%3 == 2 && t.lastQ > 0 {
		b.hmrc("HMRC VAT", t.vat, t.lastQ/6, 10)
	}
	if info.dom == 2 && info.month == 1 {
		if profit := t.lastYear*5/6 - t.lastCost; profit > 0 {
			b.hmrc("HMRC CORP TAX", "CT"+mandate(l, 10), profit/4, 2)
		}
	}
}

// hmrc pays a tax on time, or, for a late payer, owes it from some days later.
func (b *business) hmrc(payee, ref string, amount int64, dom int) {
	l := b.l
	if !b.t.lateTax {
		if payee == "HMRC PAYE" {
			l.fasterOut(payee, ref, amount, "business.tax")
		} else {
			l.directDebit(payee, ref, amount, "business.tax")
		}
		return
	}
	late := b.s.today + day(l.between(8, 45))
	b.owed = append(b.owed, owed{payee: payee, ref: ref, amount: amount, category: "business.tax", rank: 1, from: late})
	b.owed = append(b.owed, owed{payee: "HMRC LATE PAYMENT PENALTY", ref: ref, amount: max(amount*3/100, 10000),
		category: "business.tax", rank: 1, from: late + 60})
}

// owed is a payment the business has to make when it can.
type owed struct {
	payee, ref, category string
	amount               int64
	rank                 int // 0 staff, 1 HMRC, 2 suppliers: the order cash goes out
	from                 day // not before this day
	since                day // when it first fell due
}

// pay makes a payment now or, when cash does not allow, owes it.
func (b *business) pay(o owed) {
	if b.l.fasterOut(o.payee, o.ref, o.amount, o.category) {
		if o.category == "business.suppliers" {
			b.tax.purchase(o.amount)
		}
		return
	}
	o.from, o.since = b.s.today+1, b.s.today
	b.owed = append(b.owed, o)
}

// catchUp pays what is owed as cash allows, staff first; suppliers not paid
// within 45 days are written off (the order was cancelled).
func (b *business) catchUp() {
	today := b.s.today
	for rank := 0; rank <= 2; rank++ {
		kept := b.owed[:0]
		for _, o := range b.owed {
			switch {
			case o.rank != rank || o.from > today:
				kept = append(kept, o)
			case b.l.fasterOut(o.payee, o.ref, o.amount, o.category):
				if o.rank == 2 {
					b.tax.purchase(o.amount)
				}
			case o.rank == 2 && today-o.since > 45:
			default:
				kept = append(kept, o)
			}
		}
		b.owed = kept
	}
}
