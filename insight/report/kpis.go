package report

import (
	"math"
	"strconv"

	"openbank/i18n"
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

// kpiLine reads one figure of a window and prints it in a currency, in
// the language of a printer; its label is a catalogue message.
type kpiLine struct {
	code, label string
	read        func(p i18n.Printer, w *kpi.WindowKPIs, currency string) string
}

// consumerLines and businessLines open the table for their kind; commonLines follow.
var (
	consumerLines = []kpiLine{
		{"income.monthlyMean", "report.kpi.income.monthlyMean", func(p i18n.Printer, w *kpi.WindowKPIs, c string) string {
			return wholeIn(p, Amount(w.Income.MonthlyMean), c)
		}},
		{"income.variation", "report.kpi.income.variation", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return decimalIn(p, w.Income.Variation, 2)
		}},
		{"income.monthsWithSalary", "report.kpi.income.monthsWithSalary", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return p.Text("report.kpi.partOf", "part", countIn(p, w.Income.MonthsWithSalary), "whole", countIn(p, w.Income.Months))
		}},
	}
	businessLines = []kpiLine{
		{"business.revenue", "report.kpi.business.revenue", func(p i18n.Printer, w *kpi.WindowKPIs, c string) string {
			return wholeIn(p, Amount(w.Business.Revenue), c)
		}},
		{"business.monthlyRevenue", "report.kpi.business.monthlyRevenue", func(p i18n.Printer, w *kpi.WindowKPIs, c string) string {
			return wholeIn(p, Amount(w.Business.MonthlyRevenue), c)
		}},
		{"business.concentration", "report.kpi.business.concentration", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return p.Text("report.kpi.concentration", "share", percentIn(p, w.Business.TopPayerShare),
				"hhi", decimalIn(p, w.Business.PayerHHI, 2))
		}},
		{"business.runway", "report.kpi.business.runway", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return p.Text("report.kpi.months", "months", decimalIn(p, w.Business.RunwayMonths, 1))
		}},
	}
	commonLines = []kpiLine{
		{"spending.essential", "report.kpi.spending.essential", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Essential })},
		{"spending.committed", "report.kpi.spending.committed", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Committed })},
		{"spending.discretionary", "report.kpi.spending.discretionary", spendShare(func(s *kpi.SpendingKPIs) int64 { return s.Discretionary })},
		{"balance.daysBelowZero", "report.kpi.balance.daysBelowZero", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return countIn(p, w.Balance.DaysBelowZero)
		}},
		{"fees.overdraft", "report.kpi.fees.overdraft", func(p i18n.Printer, w *kpi.WindowKPIs, c string) string {
			return amountIn(p, Amount(w.Fees.OverdraftFees), c) + " (" + countIn(p, w.Fees.OverdraftFeeCount) + ")"
		}},
		{"fees.returnedPayments", "report.kpi.fees.returnedPayments", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return p.Text("report.kpi.returned", "count", countIn(p, w.Fees.ReturnedPayments), "fees", countIn(p, w.Fees.ReturnedFeeCount))
		}},
		{"gambling.shareOfIncome", "report.kpi.gambling.shareOfIncome", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return percentIn(p, w.Gambling.ShareOfIncome)
		}},
		{"credit.shareOfIncome", "report.kpi.credit.shareOfIncome", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return percentIn(p, w.Credit.ShareOfIncome)
		}},
		{"credit.paydayBnpl", "report.kpi.credit.paydayBnpl", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
			return countIn(p, w.Credit.PaydayCount) + " / " + countIn(p, w.Credit.BNPLCount)
		}},
	}
	savingsLine = kpiLine{"savingsRate", "report.kpi.savingsRate", func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
		return percentIn(p, w.SavingsRate)
	}}
)

// kpiRows prints the table of key figures for a subject of a kind.
func kpiRows(p i18n.Printer, kind ledger.SubjectKind, quarter, year *kpi.WindowKPIs, currency string) []KPIRow {
	lines := append(append([]kpiLine{}, consumerLines...), commonLines...)
	lines = append(lines, savingsLine)
	if kind == ledger.BusinessSubject && quarter.Business != nil && year.Business != nil {
		lines = append(append([]kpiLine{}, businessLines...), commonLines...)
	}
	out := make([]KPIRow, 0, len(lines))
	for _, line := range lines {
		out = append(out, KPIRow{Code: line.code, Label: p.Text(line.label), Last90: line.read(p, quarter, currency),
			Last365: line.read(p, year, currency)})
	}
	return out
}

// spendShare reads a class of spending as a share of all categorised spending.
func spendShare(class func(*kpi.SpendingKPIs) int64) func(i18n.Printer, *kpi.WindowKPIs, string) string {
	return func(p i18n.Printer, w *kpi.WindowKPIs, _ string) string {
		return percentIn(p, kpi.Share(class(&w.Spending), w.Spending.Total))
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
