package score

// businessCharacteristics are the inputs of the business scorecard: five of
// twenty need categories. Each moves one way only as revenue is added or
// taken away and as risk events are added (see the package doc).
var businessCharacteristics = []Characteristic{
	{"inflowCover", NeedsNothing, false, inflowCover,
		"Money in, over the last three months or the year whichever was lower, came to %s of a month's money out.", unitPercent},
	{"inflowLowMonths", NeedsNothing, false, inflowLowMonths,
		"In a weak month (the lowest quarter), money in came to %s of a month's money out.", unitPercent},
	{"balanceMin", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.Balance.Min)) },
		"The lowest balance was %s.", unitCover},
	{"balanceMean", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.Balance.Mean)) },
		"The average balance was %s.", unitCover},
	{"balanceMinAmount", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Min) / 100 },
		"The lowest balance was %s.", unitAmount},
	{"balanceStartAmount", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Start) / 100 },
		"The balance at the start of the year was %s.", unitAmount},
	{"inflowDips", NeedsNothing, true, inflowDips,
		"%s months a year brought in less than 60%% of a month's money out.", unitCount},
	{"balanceTrend", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(v.w.Balance.TrendPerMonth) },
		"The balance moved by %s each month.", unitCover},
	{"daysNegative", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysBelowZero) * v.perYear },
		"The account ended %s days a year below zero.", unitCount},
	{"netCashFlow", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.CashFlow.MeanMonthlyNet)) },
		"Each month money in less money out came to %s.", unitCover},
	{"returnedPayments", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedPayments) * v.perYear },
		"%s payments a year were returned unpaid.", unitCount},
	{"cashCover", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.Balance.End)) },
		"Cash at hand came to %s.", unitCover},
	{"historyMonths", NeedsNothing, false, historyMonths,
		"The statements cover %s months.", unitMonths},
	{"creditLineUse", NeedsCreditLine, true, func(v *scoreView) float64 { return v.w.Balance.MeanCreditUse },
		"On average %s of the arranged overdraft was in use.", unitPercent},
	{"daysNearLimit", NeedsCreditLine, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysNearLimit) * v.perYear },
		"The account used 90%% or more of its overdraft on %s days a year.", unitCount},
	{"revenueCover", NeedsCategories, false, revenueCover,
		"Revenue, over the last three months or the year whichever was lower, came to %s of a month's money out.", unitPercent},
	{"newCredit", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Credit.NewCreditCount) * v.perYear },
		"%s loans or advances taken a year.", unitCount},
	{"lateTax", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.business.LateTaxPayments) * v.perYear },
		"%s tax penalties or late-payment charges a year.", unitCount},
	{"returnedFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedFeeCount) * v.perYear },
		"%s fees a year for returned or refused payments.", unitCount},
	{"overdraftFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.OverdraftFeeCount) * v.perYear },
		"%s overdraft charges a year.", unitCount},
}

// inflowDips counts the months a year whose money in fell below 60 % of a
// month's money out.
func inflowDips(v *scoreView) float64 {
	n := 0
	for _, m := range v.w.CashFlow.Monthly {
		if float64(m.In) < 0.6*v.outflow {
			n++
		}
	}
	return float64(n) * 12 / float64(max(1, len(v.w.CashFlow.Monthly)))
}

// inflowCover is the lower of the last 90 days' and the year's monthly
// money in, over a month's money out: a fall in recent money in counts, a
// rise does not.
func inflowCover(v *scoreView) float64 {
	recent := float64(v.recent.Income.Inflows) / (float64(v.recent.CoveredDays) / 30.44)
	year := float64(v.w.Income.Inflows) / v.months
	return min(recent, year) / v.outflow
}

// revenueCover is inflowCover for revenue (customers' payments and card takings).
func revenueCover(v *scoreView) float64 {
	year := float64(v.business.MonthlyRevenue)
	recent := year
	if r := v.recent.Business; r != nil {
		recent = float64(r.MonthlyRevenue)
	}
	return min(recent, year) / v.outflow
}
