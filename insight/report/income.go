package report

import "openbank/insight/kpi"

// ReportIncome is the income of a report's period as the KPIs give it: the
// totals, and the payers that paid more than once with the regularity of
// their payments.
type ReportIncome struct {
	Total            Amount         `json:"total"` // salary, benefits, pension and other income
	Base             Amount         `json:"base"`  // what every share of income divides by (kpi.IncomeBase)
	MonthlyMean      Amount         `json:"monthlyMean"`
	Salary           Amount         `json:"salary"`
	Benefits         Amount         `json:"benefits"`
	Months           int            `json:"months"`
	MonthsWithSalary int            `json:"monthsWithSalary"`
	Sources          []IncomeSource `json:"sources"` // largest total first
}

// IncomeSource is money received repeatedly from one payer.
type IncomeSource struct {
	Payer       string `json:"payer"`
	Category    string `json:"category"`
	Periodicity string `json:"periodicity"` // weekly, fortnightly, monthly, quarterly, annual or irregular
	Count       int    `json:"count"`
	Total       Amount `json:"total"`
	Mean        Amount `json:"mean"`
	LastDate    string `json:"lastDate"`
}

// reportIncome reads the income KPIs of the report's window.
func reportIncome(in *kpi.IncomeKPIs) ReportIncome {
	out := ReportIncome{Total: Amount(in.Total), Base: Amount(in.Base), MonthlyMean: Amount(in.MonthlyMean), Salary: Amount(in.Salary),
		Benefits: Amount(in.Benefits), Months: in.Months, MonthsWithSalary: in.MonthsWithSalary,
		Sources: make([]IncomeSource, 0, len(in.Streams))}
	for _, s := range in.Streams {
		out.Sources = append(out.Sources, IncomeSource{Payer: s.Payer, Category: s.Category, Periodicity: s.Periodicity,
			Count: s.Count, Total: Amount(s.Total), Mean: Amount(s.MeanAmount), LastDate: s.LastDate})
	}
	return out
}

// ReportRecurringPayment is money paid to one party at a regular cadence
// and still paid, as the KPIs find it over the whole history.
type ReportRecurringPayment struct {
	Payee        string `json:"payee"`
	Category     string `json:"category"` // of the latest payment; empty when it has none
	Cadence      string `json:"cadence"`  // weekly, fortnightly, monthly, quarterly or annual
	Amount       Amount `json:"amount"`   // the latest payment, positive
	Mean         Amount `json:"mean"`     // positive
	Count        int    `json:"count"`
	LastDate     string `json:"lastDate"`
	NextExpected string `json:"nextExpected"`
}

// recurringPayments reads the KPIs' recurring payments, largest first.
func recurringPayments(rs []kpi.RecurringPayment) []ReportRecurringPayment {
	out := make([]ReportRecurringPayment, 0, len(rs))
	for _, p := range rs {
		out = append(out, ReportRecurringPayment{Payee: p.Merchant, Category: p.Category, Cadence: p.Cadence,
			Amount: Amount(p.Amount), Mean: Amount(p.MeanAmount), Count: p.Count, LastDate: p.LastDate,
			NextExpected: p.NextExpected})
	}
	return out
}
