package score

import (
	"openbank/insight/ledger"
)

// consumerCharacteristics are the inputs of the consumer scorecard: nine of
// seventeen need categories.
var consumerCharacteristics = []Characteristic{
	{"inflowVariation", NeedsNothing, true, func(v *scoreView) float64 { return v.w.Income.InflowVariation },
		"Money coming in varies by %s from month to month.", unitPercent},
	{"balanceMin", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Min) / v.inflow },
		"The lowest balance was %s of a month's money in.", unitPercent},
	{"balanceMean", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.Balance.Mean) / v.inflow },
		"The average balance was %s of a month's money in.", unitPercent},
	{"balanceTrend", NeedsNothing, false, func(v *scoreView) float64 { return v.w.Balance.TrendPerMonth / v.inflow },
		"The balance moved by %s of a month's money in each month.", unitPercent},
	{"daysBelowZero", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Balance.DaysBelowZero) * v.perYear },
		"The current account ended %s days a year below zero.", unitCount},
	{"netCashFlow", NeedsNothing, false, func(v *scoreView) float64 { return float64(v.w.CashFlow.MeanMonthlyNet) / v.inflow },
		"Each month %s of the money in was left over.", unitPercent},
	{"returnedPayments", NeedsNothing, true, func(v *scoreView) float64 { return float64(v.w.Fees.ReturnedPayments) * v.perYear },
		"%s payments a year were returned unpaid.", unitCount},
	{"creditLineUse", NeedsCreditLine, true, func(v *scoreView) float64 { return v.w.Balance.MeanCreditUse },
		"On average %s of the arranged overdraft or card limit was in use.", unitPercent},
	{"incomeVariation", NeedsCategories, true, func(v *scoreView) float64 { return v.w.Income.Variation },
		"Income varies by %s from month to month.", unitPercent},
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
	{"savingsRate", NeedsCategories, false, func(v *scoreView) float64 { return v.w.SavingsRate },
		"%s of income went to savings.", unitIncomeShare},
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
