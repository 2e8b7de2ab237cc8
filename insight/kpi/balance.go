package kpi

import "openbank/insight/ledger"

// balanceKPIs reads the rebuilt daily balances over a span.
func (b *book) balanceKPIs(s span) BalanceKPIs {
	n := s.covered()
	series := make([]int64, n)
	var below int
	var useSum float64
	out := BalanceKPIs{}
	for k := range n {
		d := int(s.from-b.first) + k
		negative, use := false, 0.0
		for i, a := range b.accounts {
			bal := b.balances[i][d]
			if a.Type != ledger.CreditCardAccount {
				series[k] += bal
			}
			negative = negative || (a.Type == ledger.CurrentAccount && bal < 0)
			if a.HasLimit && a.Limit > 0 && bal < 0 && a.Type != ledger.SavingsAccount {
				use = max(use, float64(-bal)/float64(a.Limit))
			}
		}
		if negative {
			below++
		}
		if use >= 0.9 {
			out.DaysNearLimit++
		}
		if use > 0 {
			useSum += use
			out.MaxCreditUse = max(out.MaxCreditUse, use)
		}
	}
	out.Start, out.End, out.Min = b.openingBalance(s, series[0]), series[n-1], series[0]
	var total int64
	for _, v := range series {
		out.Min = min(out.Min, v)
		total += v
	}
	out.Mean = total / int64(n)
	out.TrendPerMonth = round2(slope(series) * 30)
	out.DaysBelowZero = below
	out.MaxCreditUse = round2(out.MaxCreditUse)
	out.MeanCreditUse = round2(useSum / float64(n))
	return out
}

// openingBalance is the balance of current and savings accounts together
// before the span's first transaction: the first day's end-of-day balance
// less that day's entries. So Start plus the span's entries is End.
func (b *book) openingBalance(s span, firstDayEnd int64) int64 {
	start := firstDayEnd
	for i := s.lo; i < s.hi && b.entries[i].day == s.from; i++ {
		if e := &b.entries[i]; b.accounts[e.account].Type != ledger.CreditCardAccount {
			start -= e.amount
		}
	}
	return start
}
