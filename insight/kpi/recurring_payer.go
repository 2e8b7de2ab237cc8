package kpi

// recurringOf decides whether the payments to one payer recur: a cadence and
// amounts that stay within half and twice their mean, still paid as of the
// book's day.
func (b *book) recurringOf(payer string, idx []int) (RecurringPayment, bool) {
	if len(idx) < 2 {
		return RecurringPayment{}, false
	}
	days := make([]dayNum, 0, len(idx))
	var total int64
	for _, i := range idx {
		if n := len(days); n == 0 || days[n-1] != b.entries[i].day {
			days = append(days, b.entries[i].day)
		}
		total -= b.entries[i].amount
	}
	c := cadenceOf(days)
	if c.name == irregular.name || len(days) != len(idx) {
		return RecurringPayment{}, false
	}
	mean, spread := total/int64(len(idx)), int64(2)
	if c.name == "annual" {
		spread = 5 // a yearly payment keeps its amount within a fifth
	}
	for _, i := range idx {
		if a := -b.entries[i].amount; a*spread < mean*(spread-1) || a*(spread-1) > mean*spread {
			return RecurringPayment{}, false
		}
	}
	last := &b.entries[idx[len(idx)-1]]
	if c.next(last.day)+dayNum(c.days) < b.asOf {
		return RecurringPayment{}, false // stopped: more than a cycle missed
	}
	p := RecurringPayment{Merchant: payer, Amount: -last.amount, MeanAmount: mean, Cadence: c.name,
		Count: len(idx), LastDate: last.day.date(), NextExpected: c.next(last.day).date()}
	if last.code != noCode {
		p.Category = kpiCodes[last.code].code
	}
	return p, true
}
