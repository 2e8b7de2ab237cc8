package admin

import (
	"fmt"
	"strings"
	"time"

	"openbank/insight/report"
	"openbank/views"
)

// balanceChart draws the daily balance of all accounts as a line, with the
// zero line and the first of each month marked (every other month when
// there are more than six).
func balanceChart(r *report.Report) views.AdminChart {
	points := r.BalanceTimeline
	c := baseChart("balance-chart", "Balance of all accounts, end of day",
		fmt.Sprintf("A line of the balance of every account together on each of %d days from %s to %s. %s",
			len(points), r.Period.From, r.Period.To, balanceSummary(r)))
	if len(points) == 0 {
		return c
	}
	lo, hi := balanceRange(points)
	s, ticks := niceScale(float64(lo), float64(hi))
	c.YTicks, c.Zero, c.LineColour = yTicks(s, ticks, r.Currency), coord(s.y(0)), inkBalance
	step := (plotRight - plotLeft) / float64(max(1, len(points)-1))
	var path strings.Builder
	var marks []views.AdminTick
	for i, p := range points {
		x := plotLeft + float64(i)*step
		verb := " L"
		if i == 0 {
			verb = "M"
		}
		path.WriteString(verb + coord(x) + " " + coord(s.y(float64(p.Balance))))
		if t, err := time.Parse(time.DateOnly, p.Date); err == nil && t.Day() == 1 {
			marks = append(marks, views.AdminTick{At: coord(x), Label: t.Format("Jan 06")})
		}
	}
	c.Line, c.XTicks = path.String(), everyOther(marks)
	return c
}

// balanceSummary says in words where the balance started and ended and
// its lowest and highest points.
func balanceSummary(r *report.Report) string {
	points := r.BalanceTimeline
	if len(points) == 0 {
		return "There is no balance to show."
	}
	lo, hi := balanceRange(points)
	return fmt.Sprintf("It starts at %s and ends at %s; the lowest is %s, the highest %s.",
		points[0].Balance.Format(r.Currency), points[len(points)-1].Balance.Format(r.Currency),
		lo.Format(r.Currency), hi.Format(r.Currency))
}

// balanceRange is the lowest and highest balance of points.
func balanceRange(points []report.BalancePoint) (lo, hi report.Amount) {
	lo, hi = points[0].Balance, points[0].Balance
	for _, p := range points {
		lo, hi = min(lo, p.Balance), max(hi, p.Balance)
	}
	return lo, hi
}

// everyOther keeps every other mark of more than six, ending with the
// last, so that labels never meet.
func everyOther(marks []views.AdminTick) []views.AdminTick {
	if len(marks) <= 6 {
		return marks
	}
	out := make([]views.AdminTick, 0, (len(marks)+1)/2)
	for i := (len(marks) - 1) % 2; i < len(marks); i += 2 {
		out = append(out, marks[i])
	}
	return out
}

// monthEnds are the balances on the last day of each month, and on the
// period's last day.
func monthEnds(r *report.Report) []views.AdminFigureRow {
	points := r.BalanceTimeline
	out := make([]views.AdminFigureRow, 0, 13)
	for i, p := range points {
		if i == len(points)-1 || monthOf(points[i+1].Date) != monthOf(p.Date) {
			out = append(out, views.AdminFigureRow{Label: p.Date, Value: p.Balance.Format(r.Currency)})
		}
	}
	return out
}

// monthOf is the YYYY-MM of a YYYY-MM-DD date.
func monthOf(date string) string {
	if len(date) < 7 {
		return date
	}
	return date[:7]
}
