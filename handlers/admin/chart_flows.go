package admin

import (
	"fmt"
	"time"

	"openbank/insight/report"
	"openbank/views"
)

// flowsChart draws money in beside money out for each monthly period of
// the report, labelled by the period's last day as the PDF does.
func flowsChart(r *report.Report) views.AdminChart {
	months := r.Monthly
	c := baseChart("flows-chart", "Income against spending per month",
		fmt.Sprintf("Pairs of bars for %d periods of about 30 days from %s to %s: income on the left, spending on the right. %s",
			len(months), r.Period.From, r.Period.To, flowsSummary(r)))
	c.Legend = []views.AdminLegend{{Fill: inkIncome, Label: "Income"}, {Fill: inkSpending, Label: "Spending"}}
	if len(months) == 0 {
		return c
	}
	hi := 0.0
	for _, m := range months {
		hi = max(hi, float64(m.Income), float64(m.Spending))
	}
	s, ticks := niceScale(0, hi)
	c.YTicks, c.Zero = yTicks(s, ticks, r.Currency), coord(s.y(0))
	group := (plotRight - plotLeft) / float64(len(months))
	bar := min(14, group*0.36)
	for i, m := range months {
		mid := plotLeft + group*(float64(i)+0.5)
		label := m.To
		if t, err := time.Parse(time.DateOnly, m.To); err == nil {
			label = t.Format("2 Jan")
		}
		c.Bars = append(c.Bars, column(mid-bar, bar, s, m.Income, inkIncome, "Income to "+m.To+": "+m.Income.Format(r.Currency)),
			column(mid, bar, s, m.Spending, inkSpending, "Spending to "+m.To+": "+m.Spending.Format(r.Currency)))
		if len(months) <= 6 || i%2 == (len(months)-1)%2 {
			c.XTicks = append(c.XTicks, views.AdminTick{At: coord(mid), Label: label})
		}
	}
	return c
}

// column is a bar from zero up to v.
func column(x, w float64, s scale, v report.Amount, fill, title string) views.AdminBar {
	top := s.y(max(0, float64(v)))
	return views.AdminBar{X: coord(x), Y: coord(top), W: coord(w), H: coord(s.y(0) - top), Fill: fill, Title: title}
}

// flowsSummary says in words what came in and went out over the periods.
func flowsSummary(r *report.Report) string {
	var in, out report.Amount
	for _, m := range r.Monthly {
		in, out = in+m.Income, out+m.Spending
	}
	return fmt.Sprintf("In all, %s came in and %s went out.", in.Format(r.Currency), out.Format(r.Currency))
}

// flowRows are the periods' figures, oldest first.
func flowRows(r *report.Report) []views.AdminFlowRow {
	out := make([]views.AdminFlowRow, 0, len(r.Monthly))
	for _, m := range r.Monthly {
		out = append(out, views.AdminFlowRow{Period: m.To, Income: m.Income.Format(r.Currency),
			Spending: m.Spending.Format(r.Currency), Net: m.Net.Format(r.Currency)})
	}
	return out
}
