package insight

import (
	"slices"
	"time"
)

// markRecurring flags credits from payers who pay at a steady rhythm (weekly, fortnightly,
// four-weekly or monthly) at least three times.
func markRecurring(inputs []input) {
	groups := map[string][]int{}
	for i := range inputs {
		in := &inputs[i]
		if !in.in || in.tx.Date.IsZero() {
			continue
		}
		key := in.p.key()
		groups[key] = append(groups[key], i)
	}
	for _, idx := range groups {
		if len(idx) < 3 || !steady(inputs, idx) {
			continue
		}
		for _, i := range idx {
			inputs[i].recurring = true
		}
	}
}

// steady reports whether the dates of a payer's credits keep one rhythm.
func steady(inputs []input, idx []int) bool {
	dates := make([]time.Time, len(idx))
	for k, i := range idx {
		dates[k] = inputs[i].tx.Date
	}
	slices.SortFunc(dates, func(a, b time.Time) int { return a.Compare(b) })
	gaps := make([]float64, 0, len(dates)-1)
	for k := 1; k < len(dates); k++ {
		gaps = append(gaps, dates[k].Sub(dates[k-1]).Hours()/24)
	}
	slices.Sort(gaps)
	median := gaps[len(gaps)/2]
	for _, lo := range [...]float64{6, 13, 26} {
		if median >= lo && median <= lo+2+float64(lo)/6 {
			return true
		}
	}
	return false
}

// inferKind reads a history of unknown kind as a business's when business signals recur:
// card-acquirer payouts, invoices, VAT and PAYE, payroll.
func inferKind(inputs []input) Kind {
	signals := 0
	for i := range inputs {
		in := &inputs[i]
		if in.businessSignal() || in.p.hasAny(salaryWords) && !in.in {
			signals++
		}
	}
	if signals >= 3 && signals*20 >= len(inputs) {
		return KindBusiness
	}
	return KindUnknown
}
