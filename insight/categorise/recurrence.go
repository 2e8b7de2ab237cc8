package categorise

import (
	"slices"
	"time"
)

// markRecurring flags credits from payers who pay at a steady rhythm (weekly, fortnightly,
// four-weekly or monthly) at least three times. A payer is a merchant key.
func (h *history) markRecurring(txs []Transaction) {
	payerOf := make([]int32, len(h.readings)) // each reading's payer
	payers := map[string]int32{}
	for r := range h.readings {
		p, ok := payers[h.readings[r].key]
		if !ok {
			p = int32(len(payers))
			payers[h.readings[r].key] = p
		}
		payerOf[r] = p
	}
	credits := make([][]int32, len(payers))
	for i := range txs {
		if txs[i].Amount > 0 && !txs[i].Date.IsZero() {
			p := payerOf[h.readOf[i]]
			credits[p] = append(credits[p], int32(i))
		}
	}
	for _, idx := range credits {
		if len(idx) < 3 || !steady(txs, idx) {
			continue
		}
		for _, i := range idx {
			h.recurring[i] = true
		}
	}
}

// steady reports whether the dates of a payer's credits keep one rhythm.
func steady(txs []Transaction, idx []int32) bool {
	dates := make([]time.Time, len(idx))
	for k, i := range idx {
		dates[k] = txs[i].Date
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
func (h *history) inferKind(txs []Transaction) Kind {
	business := make([]bool, len(h.readings)) // the reading's words are a business's
	payroll := make([]bool, len(h.readings))  // they speak of salaries
	for r := range h.readings {
		in := &h.readings[r]
		business[r], payroll[r] = in.businessSignal(), in.p.hasAny(salaryWords)
	}
	signals := 0
	for i := range txs {
		if r := h.readOf[i]; business[r] || payroll[r] && txs[i].Amount <= 0 {
			signals++
		}
	}
	if signals >= 3 && signals*20 >= len(txs) {
		return KindBusiness
	}
	return KindUnknown
}
