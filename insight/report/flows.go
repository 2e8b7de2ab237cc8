package report

import "openbank/insight/kpi"

// BalancePoint is the end-of-day balance of every account together on a day.
type BalancePoint struct {
	Date    string `json:"date"` // YYYY-MM-DD
	Balance Amount `json:"balance"`
}

// ReportMonth is one monthly bucket of the report's period: the money that
// came in and went out, own transfers and returned payments left out.
type ReportMonth struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Income   Amount `json:"income"`
	Spending Amount `json:"spending"` // positive
	Net      Amount `json:"net"`
}

// balancePoints turns the KPIs' daily balances into the report's.
func balancePoints(days []kpi.DayBalance) []BalancePoint {
	out := make([]BalancePoint, 0, len(days))
	for _, d := range days {
		out = append(out, BalancePoint{Date: d.Date, Balance: Amount(d.Balance)})
	}
	return out
}

// reportMonths turns the KPIs' monthly buckets into the report's.
func reportMonths(flows []kpi.MonthFlow) []ReportMonth {
	out := make([]ReportMonth, 0, len(flows))
	for _, f := range flows {
		out = append(out, ReportMonth{From: f.From, To: f.To, Income: Amount(f.In), Spending: Amount(f.Out),
			Net: Amount(f.Net)})
	}
	return out
}
