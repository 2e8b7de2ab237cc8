package score

import (
	"slices"

	"openbank/insight/kpi"
)

// businessCharacteristics are the inputs of the business scorecard: seven of
// nineteen need categories.
var businessCharacteristics = []Characteristic{
	{"inflowRecent", NeedsNothing, false, inflowRecent,
		"Money in over the last three months ran at %s of the year's monthly average.", unitPercent},
	{"inflowVariation", NeedsNothing, true, func(v *scoreView) float64 { return v.w.Income.InflowVariation },
		"Money coming in varies by %s from month to month.", unitPercent},
	{"balanceMin", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Min) / v.outflow },
		"The lowest balance was %s of a month's outgoings.", unitPercent},
	{"balanceMean", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Mean) / v.outflow },
		"The average balance was %s of a month's outgoings.", unitPercent},
	{"inflowDips", NeedsNothing, true, func(v *scoreView) float64 { return float64(inflowDips(v.w)) * 12 / float64(v.w.Income.Months) },
		"%s months a year brought in less than 60%% of a usual month.", unitCount},
	{"balanceTrend", NeedsNothing, false, func(v *scoreView) float64 { return v.w.Balance.TrendPerMonth / v.outflow },
		"The balance moved by %s of a month's outgoings each month.", unitPercent},
	{"daysNegative", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysBelowZero) * v.perYear },
		"The account ended %s days a year below zero.", unitCount},
	{"netCashFlow", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.CashFlow.MeanMonthlyNet) / v.outflow },
		"Each month the business kept %s of its outgoings.", unitPercent},
	{"returnedPayments", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedPayments) * v.perYear },
		"%s payments a year were returned unpaid.", unitCount},
	{"cashCover", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.End) / v.outflow },
		"Cash at hand covers %s months of outgoings.", unitMonths},
	{"creditLineUse", NeedsCreditLine, true, func(v *scoreView) float64 { return v.w.Balance.MeanCreditUse },
		"On average %s of the arranged overdraft was in use.", unitPercent},
	{"daysNearLimit", NeedsCreditLine, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysNearLimit) * v.perYear },
		"The account used 90%% or more of its overdraft on %s days a year.", unitCount},
	{"revenueVariation", NeedsCategories, true, func(v *scoreView) float64 { return v.business.RevenueVariation },
		"Revenue varies by %s from month to month.", unitPercent},
	{"payerConcentration", NeedsCategories, true, func(v *scoreView) float64 { return v.business.TopPayerShare },
		"The largest customer paid %s of invoiced revenue.", unitPercent},
	{"weakMonths", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.business.WeakMonths) * 12 / float64(v.w.Income.Months) },
		"%s months a year of weak card takings or revenue.", unitCount},
	{"revenueRecent", NeedsCategories, false, revenueRecent,
		"Revenue of the last three months ran at %s of the year's monthly average.", unitPercent},
	{"lateTax", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.business.LateTaxPayments) * v.perYear },
		"%s tax penalties or late-payment charges a year.", unitCount},
	{"returnedFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedFeeCount) * v.perYear },
		"%s fees a year for returned or refused payments.", unitCount},
	{"overdraftFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.OverdraftFeeCount) * v.perYear },
		"%s overdraft charges a year.", unitCount},
}

// inflowDips counts the months whose money in fell below 60 % of the median month.
func inflowDips(w *kpi.WindowKPIs) int {
	in := make([]int64, len(w.CashFlow.Monthly))
	for i, m := range w.CashFlow.Monthly {
		in[i] = m.In
	}
	slices.Sort(in)
	median, n := in[len(in)/2], 0
	for _, m := range w.CashFlow.Monthly {
		if m.In*10 < median*6 {
			n++
		}
	}
	return n
}

// revenueRecent is the last 90 days' monthly revenue over the year's.
func revenueRecent(v *scoreView) float64 {
	recent := v.recent.Business
	if recent == nil || v.business.MonthlyRevenue <= 0 {
		return 1
	}
	return float64(recent.MonthlyRevenue) / float64(v.business.MonthlyRevenue)
}

// inflowRecent is the last 90 days' monthly money in over the year's.
func inflowRecent(v *scoreView) float64 {
	months := float64(v.recent.CoveredDays) / 30.44
	return float64(v.recent.Income.Inflows) / months / v.inflow
}
