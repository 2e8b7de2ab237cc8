package kpi

import (
	"math"
	"sort"
)

// MinMonthlyIncome is the least income a month, in minor units (100.00), that
// a share of income is taken of: a share of no income would be endless, and
// zero would make spending without income look safe.
const MinMonthlyIncome = 10000

// IncomeBase is what every share of income divides by, in the KPIs, the
// score's characteristics and the report alike: the window's income, or
// MinMonthlyIncome for each month of the window when that is more.
func IncomeBase(total int64, months float64) int64 {
	return max(total, int64(math.Round(MinMonthlyIncome*months)))
}

// ShareOf is an amount over the income base, unrounded: the KPIs keep it
// to two decimals.
func (in *IncomeKPIs) ShareOf(amount int64) float64 { return Share(amount, in.Base) }

// incomeKPIs describes income over the window, with its streams.
func (b *book) incomeKPIs(t *tally) IncomeKPIs {
	out := IncomeKPIs{Total: sumOf(t.income), Salary: t.sum[codeSalary], Benefits: t.sum[codeBenefits],
		Months: t.n, Inflows: sumOf(t.inflow), Variation: round2(variation(t.income)),
		InflowVariation: round2(variation(t.inflow))}
	out.MonthlyMean = t.s.perMonth(out.Total)
	out.Base = IncomeBase(out.Total, t.s.months())
	for _, s := range t.salary {
		if s > 0 {
			out.MonthsWithSalary++
		}
	}
	out.Streams = b.incomeStreams(t.s)
	return out
}

// incomeStreams groups the window's income by payer, largest first; a payer
// seen once is not a stream.
func (b *book) incomeStreams(s span) []IncomeStream {
	type group struct {
		code  int8
		days  []dayNum
		total int64
	}
	groups := map[string]*group{}
	for i := s.lo; i < s.hi; i++ {
		e := &b.entries[i]
		if e.amount <= 0 || !(isIncome(e.code) || e.code == codeRevenue || e.code == codeSettlement) {
			continue
		}
		g := groups[e.payer]
		if g == nil {
			g = &group{code: e.code}
			groups[e.payer] = g
		}
		g.days = append(g.days, e.day)
		g.total += e.amount
	}
	out := make([]IncomeStream, 0, len(groups))
	for payer, g := range groups {
		if len(g.days) < 2 {
			continue
		}
		out = append(out, IncomeStream{Payer: payer, Category: kpiCodes[g.code].code, Count: len(g.days),
			Total: g.total, MeanAmount: g.total / int64(len(g.days)), Periodicity: cadenceOf(g.days).name,
			LastDate: g.days[len(g.days)-1].date()})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Total != out[j].Total {
			return out[i].Total > out[j].Total
		}
		return out[i].Payer < out[j].Payer
	})
	return out
}

// fees counts overdraft charges and failed payments.
func (t *tally) fees() FeeKPIs {
	return FeeKPIs{OverdraftFees: -t.sum[codeFeesOverdraft], OverdraftFeeCount: t.count[codeFeesOverdraft],
		ReturnedPayments: t.returned, ReturnedFeeCount: t.count[codeFeesReturned], ReturnedFees: -t.sum[codeFeesReturned]}
}

// gambling describes bets against income: the spend is what was staked
// (the category's bets and wins, less the wins), winnings apart.
func (t *tally) gambling(income *IncomeKPIs) GamblingKPIs {
	spend := -(t.sum[codeGambling] - t.winnings)
	return GamblingKPIs{Spend: spend, Winnings: t.winnings, ShareOfIncome: round2(income.ShareOf(spend)),
		Count: t.bets, DaysWithBets: t.betDays, PerMonth: round2(float64(t.bets) / t.s.months())}
}

// housing is rent and mortgage.
func (t *tally) housing() HousingKPIs {
	h := HousingKPIs{Rent: -t.sum[codeRent], Mortgage: -t.sum[codeMortgage]}
	h.MonthlyCost = t.s.perMonth(h.Rent + h.Mortgage)
	return h
}

// savingsRate is what current accounts moved to own accounts, net, over the income base.
func (t *tally) savingsRate(income *IncomeKPIs) float64 {
	return round2(max(-1, min(1, income.ShareOf(t.saved))))
}
