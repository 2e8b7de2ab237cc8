package report

import (
	"fmt"
	"time"

	"openbank/i18n"
)

// topCategories is how many categories the spending chart names; the rest are "Other".
const topCategories = 10

// monthlyChart draws money in beside money out for each monthly bucket.
func (d *reportDoc) monthlyChart() {
	months := d.r.Monthly
	if len(months) == 0 {
		return
	}
	d.section("report.pdf.section.moneyInAndMoneyOut", chartHeight+14)
	d.note(d.p.Text("report.pdf.note.periodsOfAbout30Days"))
	hi := 0.0
	for _, m := range months {
		hi = max(hi, float64(m.Income), float64(m.Spending))
	}
	ticks := NiceScale(0, hi)
	top := d.pdf.GetY() + 2
	a := plotArea{x: pageMargin + chartLeft, y: top, w: contentWidth - chartLeft, h: chartHeight,
		lo: ticks[0], hi: ticks[len(ticks)-1]}
	d.yAxis(a, ticks)
	group := a.w / float64(len(months))
	bar := min(6, group*0.36)
	for i, m := range months {
		mid := a.x + group*(float64(i)+0.5)
		d.bar(mid-bar, a, bar, float64(m.Income), inkIn)
		d.bar(mid, a, bar, float64(m.Spending), inkOut)
		if t, err := time.Parse(time.DateOnly, m.To); err == nil {
			d.font("", 7, inkMuted)
			d.textAt(mid, a.y+a.h+4.2, "C", d.axisDay(t))
		}
	}
	d.legend(a.x, a.y+a.h+9.5, []string{d.p.Text("report.pdf.moneyIn"), d.p.Text("report.pdf.moneyOut")}, []ink{inkIn, inkOut})
	d.pdf.SetY(top + chartHeight + 11)
}

// bar draws a vertical bar from zero up to v.
func (d *reportDoc) bar(x float64, a plotArea, w, v float64, c ink) {
	if v <= 0 {
		return
	}
	d.fill(c)
	y := a.yOf(v)
	d.pdf.Rect(x, y, w, a.yOf(0)-y, "F")
}

// categoryChart draws spending by category as horizontal bars, the largest
// ten by name and the rest as one.
func (d *reportDoc) categoryChart() {
	shares := foldCategories(d.p, d.r.Categories)
	if len(shares) == 0 {
		return
	}
	const row, labelWidth, valueWidth = 5.6, 48.0, 34.0
	d.section("report.pdf.section.spendingByCategory", row*float64(len(shares))+6)
	d.note(d.p.Text("report.pdf.note.shareOfAllCategorisedSpending"))
	p := d.pdf
	top, width := p.GetY()+1.5, contentWidth-labelWidth-valueWidth
	largest := float64(shares[0].Amount)
	for _, s := range shares {
		largest = max(largest, float64(s.Amount))
	}
	for i, s := range shares {
		y := top + float64(i)*row
		d.font("", 8, inkText)
		d.textAt(pageMargin+labelWidth-2, y+3.6, "R", d.fit(s.Label, labelWidth-4))
		d.fill(inkBar)
		p.Rect(pageMargin+labelWidth, y+0.8, max(0.3, width*float64(s.Amount)/largest), row-1.6, "F")
		d.font("", 7.5, inkMuted)
		d.textAt(pageWidth-pageMargin, y+3.6, "R",
			fmt.Sprintf("%s  %s", wholeIn(d.p, s.Amount, d.r.Currency), percentIn(d.p, s.Share)))
	}
	p.SetY(top + row*float64(len(shares)) + 1)
}

// foldCategories keeps the largest categories and adds up the rest as "Other".
func foldCategories(p i18n.Printer, all []CategoryShare) []CategoryShare {
	if len(all) <= topCategories+1 {
		return all
	}
	out := append([]CategoryShare{}, all[:topCategories]...)
	other := CategoryShare{Code: "other", Label: p.Text("report.category.other")}
	for _, c := range all[topCategories:] {
		other.Amount += c.Amount
		other.Share += c.Share
	}
	return append(out, other)
}
