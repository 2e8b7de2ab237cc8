package report

import (
	"strings"
	"time"
)

// chartHeight is the height of a chart's plot area.
const chartHeight = 46.0

// chartLeft is the room left of a plot area for the amounts of its axis.
const chartLeft = 20.0

// timelineChart draws the daily balance of all accounts as a line over the
// period, with the zero line and the first of each month marked.
func (d *reportDoc) timelineChart() {
	points := d.r.BalanceTimeline
	if len(points) == 0 {
		return
	}
	d.section("report.pdf.section.balanceOfAllAccountsEnd", chartHeight+12)
	d.note(d.p.Text("report.pdf.note.currentAndSavingsBalancesLess"))
	lo, hi := 0.0, 0.0
	for _, pt := range points {
		lo, hi = min(lo, float64(pt.Balance)), max(hi, float64(pt.Balance))
	}
	ticks := NiceScale(lo, hi)
	top := d.pdf.GetY() + 2
	a := plotArea{x: pageMargin + chartLeft, y: top, w: contentWidth - chartLeft, h: chartHeight,
		lo: ticks[0], hi: ticks[len(ticks)-1]}
	d.yAxis(a, ticks)
	step := a.w / float64(max(1, len(points)-1))
	d.dateAxis(a, points, step)
	d.stroke(inkLine, 0.45)
	p := d.pdf
	p.SetLineJoinStyle("round")
	for i, pt := range points {
		x, y := a.x+float64(i)*step, a.yOf(float64(pt.Balance))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.DrawPath("D")
	p.SetY(top + chartHeight + 7)
}

// dateAxis marks the first of each month under a chart, or every seventh day
// when the period holds fewer than three months.
func (d *reportDoc) dateAxis(a plotArea, points []BalancePoint, step float64) {
	var marks []int
	for i, pt := range points {
		if strings.HasSuffix(pt.Date, "-01") {
			marks = append(marks, i)
		}
	}
	label := d.axisMonth
	if len(marks) < 3 {
		marks, label = marks[:0], d.axisDay
		for i := 0; i < len(points); i += 7 {
			marks = append(marks, i)
		}
	}
	bottom := a.y + a.h
	for _, i := range marks {
		x := a.x + float64(i)*step
		d.stroke(inkRule, 0.2)
		d.pdf.Line(x, bottom, x, bottom+1.2)
		t, err := time.Parse(time.DateOnly, points[i].Date)
		if err != nil {
			continue
		}
		d.font("", 7, inkMuted)
		d.textAt(x, bottom+4.2, "C", label(t))
	}
}

// axisDay labels a day on an axis: "2 Jan" ("02/01" in the other languages).
func (d *reportDoc) axisDay(t time.Time) string {
	if english(d.p) {
		return t.Format("2 Jan")
	}
	return d.p.Text("report.date.dayMonth", "day", t.Format("02"), "month", t.Format("01"))
}

// axisMonth labels a month on an axis: "Jan 26" ("01/26" in the other languages).
func (d *reportDoc) axisMonth(t time.Time) string {
	if english(d.p) {
		return t.Format("Jan 06")
	}
	return d.p.Text("report.date.monthYear", "month", t.Format("01"), "year", t.Format("06"))
}
