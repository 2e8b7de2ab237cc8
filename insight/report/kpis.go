package report

import (
	"fmt"
	"math"
	"strconv"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// KPIRow is one line of a report's table of key figures: what it measures
// and its value, printed for reading, over the last 90 and 365 days.
type KPIRow struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Last90  string `json:"last90"`
	Last365 string `json:"last365"`
}

// kpiLine reads one figure of a window and prints it in a currency.
type kpiLine struct {
	code, label string
	read        func(w *kpi.WindowKPIs, currency string) string
}

// consumerLines and businessLines open the table for their kind; commonLines follow.
var (
	consumerLines = []kpiLine{
		{"income.monthlyMean", "Income, monthly mean", func(w *kpi.WindowKPIs, c string) string {
			return Amount(w.Income.MonthlyMean).FormatWhole(c)
		}},
		{"income.variation", "Income variation (CV)", func(w *kpi.WindowKPIs, _ string) string {
			return strconv.FormatFloat(w.Income.Variation, 'f', 2, 64)
		}},
		{"income.monthsWithSalary", "Months with salary", func(w *kpi.WindowKPIs, _ string) string {
			return fmt.Sprintf("%d of %d", w.Income.MonthsWithSalary, w.Income.Months)
		}},
	}
	businessLines = []kpiLine{
		{"business.revenue", "Revenue", func(w *kpi.WindowKPIs, c string) string {
			return Amount(w.Business.Revenue).FormatWhole(c)
		}},
		{"business.monthlyRevenue", "Revenue, monthly mean", func(w *kpi.WindowKPIs, c string) string {
			return Amount(w.Business.MonthlyRevenue).FormatWhole(c)
		}},
		{"business.concentration", "Payer concentration", func(w *kpi.WindowKPIs, _ string) string {
			return fmt.Sprintf("top payer %s, HHI %.2f", percent(w.Business.TopPayerShare), w.Business.PayerHHI)
		}},
		{"business.runway", "Runway", func(w *kpi.WindowKPIs, _ string) string {
			return fmt.Sprintf("%.1f months", w.Business.RunwayMonths)
		}},
	}
	commonLines = []kpiLine{
		{"spending.essential", "Essential share of spending", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Essential })},
		{"spending.committed", "Committed share of spending", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Committed })},
		{"spending.discretionary", "Discretionary share of spending", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Discretionary })},
		{"balance.daysBelowZero", "Days below zero", func(w *kpi.WindowKPIs, _ string) string {
			return strconv.Itoa(w.Balance.DaysBelowZero)
		}},
		{"fees.overdraft", "Overdraft fees", func(w *kpi.WindowKPIs, c string) string {
			return fmt.Sprintf("%s (%d)", Amount(w.Fees.OverdraftFees).Format(c), w.Fees.OverdraftFeeCount)
		}},
		{"fees.returnedPayments", "Returned payments", func(w *kpi.WindowKPIs, _ string) string {
			return fmt.Sprintf("%d (%d fees)", w.Fees.ReturnedPayments, w.Fees.ReturnedFeeCount)
		}},
		{"gambling.shareOfIncome", "Gambling, share of income", func(w *kpi.WindowKPIs, _ string) string {
			return percent(w.Gambling.ShareOfIncome)
		}},
		{"credit.shareOfIncome", "Credit repayments, share of income", func(w *kpi.WindowKPIs, _ string) string {
			return percent(w.Credit.ShareOfIncome)
		}},
		{"credit.paydayBnpl", "Payday / BNPL payments", func(w *kpi.WindowKPIs, _ string) string {
			return fmt.Sprintf("%d / %d", w.Credit.PaydayCount, w.Credit.BNPLCount)
		}},
	}
	savingsLine = kpiLine{"savingsRate", "Savings rate", func(w *kpi.WindowKPIs, _ string) string {
		return percent(w.SavingsRate)
	}}
)

// kpiRows prints the table of key figures for a subject of a kind.
func kpiRows(kind ledger.SubjectKind, quarter, year *kpi.WindowKPIs, currency string) []KPIRow {
	lines := append(append([]kpiLine{}, consumerLines...), commonLines...)
	lines = append(lines, savingsLine)
	if kind == ledger.BusinessSubject && quarter.Business != nil && year.Business != nil {
		lines = append(append([]kpiLine{}, businessLines...), commonLines...)
	}
	out := make([]KPIRow, 0, len(lines))
	for _, line := range lines {
		out = append(out, KPIRow{Code: line.code, Label: line.label, Last90: line.read(quarter, currency),
			Last365: line.read(year, currency)})
	}
	return out
}

// spendShare reads a class of spending as a share of all categorised spending.
func spendShare(class func(*kpi.SpendingKPIs) int64) func(*kpi.WindowKPIs, string) string {
	return func(w *kpi.WindowKPIs, _ string) string {
		return percent(kpi.Share(class(&w.Spending), w.Spending.Total))
	}
}

// percent prints a fraction as a whole percentage: 0.257 is "26%".
func percent(x float64) string {
	v := math.Round(x * 100)
	if v == 0 {
		v = 0 // no "-0%"
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + "%"
}
