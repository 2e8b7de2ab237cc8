package score

import (
	"openbank/insight/ledger"
)

// consumerCharacteristics are the inputs of the consumer scorecard: eight of
// seventeen need categories. Each moves one way only as income is added or
// taken away and as risk events are added (see the package doc).
var consumerCharacteristics = []Characteristic{
	{"inflowLowMonths", NeedsNothing, false, inflowLowMonths,
		"In a weak month (the lowest quarter), money in came to %s of a month's money out.", unitPercent},
	{"balanceMin", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.Balance.Min)) },
		"The lowest balance was %s.", unitCover},
	{"balanceMean", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.Balance.Mean)) },
		"The average balance was %s.", unitCover},
	{"balanceTrend", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(v.w.Balance.TrendPerMonth) },
		"The balance moved by %s each month.", unitCover},
	{"daysBelowZero", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysBelowZero) * v.perYear },
		"The current account ended %s days a year below zero.", unitCount},
	{"netCashFlow", NeedsNothing, false, func(v *scoreView) float64 { return v.cover(float64(v.w.CashFlow.MeanMonthlyNet)) },
		"Each month money in less money out came to %s.", unitCover},
	{"returnedPayments", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedPayments) * v.perYear },
		"%s payments a year were returned unpaid.", unitCount},
	{"historyMonths", NeedsNothing, false, historyMonths,
		"The statements cover %s months.", unitMonths},
	{"creditLineUse", NeedsCreditLine, true, func(v *scoreView) float64 { return v.w.Balance.MeanCreditUse },
		"On average %s of the arranged overdraft or card limit was in use.", unitPercent},
	{"incomeCover", NeedsCategories, false, func(v *scoreView) float64 { return float64(v.w.Income.Total) / v.months / v.outflow },
		"Income came to %s of a month's money out.", unitPercent},
	{"regularSalary", NeedsCategories, false, regularSalaryShare,
		"Salary paid monthly brought %s of income.", unitIncomeShare},
	{"overdraftFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.OverdraftFeeCount) * v.perYear },
		"%s overdraft charges a year.", unitCount},
	{"returnedFees", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedFeeCount) * v.perYear },
		"%s fees a year for returned or refused payments.", unitCount},
	{"gamblingShare", NeedsCategories, true, func(v *scoreView) float64 { return v.w.Income.ShareOf(v.w.Gambling.Spend) },
		"Gambling took %s of income.", unitIncomeShare},
	{"shortTermCredit", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Credit.PaydayCount+v.w.Credit.BNPLCount) * v.perYear },
		"%s payday-loan or buy-now-pay-later payments a year.", unitCount},
	{"debtCollection", NeedsCategories, true, func(v *scoreView) float64 { return float64(v.w.Credit.DebtCollection) * v.perYear },
		"%s payments a year to debt collectors.", unitCount},
	{"unsecuredCreditShare", NeedsCategories, true, unsecuredShare,
		"Repaying loans, cards and short-term credit took %s of income.", unitIncomeShare},
}

// regularSalaryShare is the share of income paid as a salary by a payer who
// pays monthly; weekly or occasional pay (agency work) does not count.
func regularSalaryShare(v *scoreView) float64 {
	var monthly int64
	for _, s := range v.w.Income.Streams {
		if s.Category == ledger.IncomeSalary && s.Periodicity == "monthly" {
			monthly += s.Total
		}
	}
	return min(1, v.w.Income.ShareOf(monthly))
}

// unsecuredShare is the repayment of credit other than a mortgage over the income base.
func unsecuredShare(v *scoreView) float64 {
	c := v.w.Credit
	return v.w.Income.ShareOf(c.Total - c.Repayments[ledger.CreditMortgage])
}
