package report

import "math"

// plotArea is the rectangle a chart draws its data in, and the values its
// bottom and top edges stand for.
type plotArea struct {
	x, y, w, h float64
	lo, hi     float64
}

// yOf is the height on the page of a value.
func (a plotArea) yOf(v float64) float64 { return a.y + a.h - (v-a.lo)/(a.hi-a.lo)*a.h }

// yAxis draws a chart's horizontal grid lines, labelled with amounts in whole
// units, and a darker line at zero.
func (d *reportDoc) yAxis(a plotArea, ticks []float64) {
	p := d.pdf
	for _, v := range ticks {
		y := a.yOf(v)
		if v == 0 {
			d.stroke(inkMuted, 0.35)
		} else {
			d.stroke(inkGrid, 0.2)
		}
		p.Line(a.x, y, a.x+a.w, y)
		d.font("", 7, inkMuted)
		d.textAt(a.x-1.5, y+1.1, "R", wholeIn(d.p, Amount(math.Round(v)), d.r.Currency))
	}
}

// legend draws coloured keys with their names from x to the right.
func (d *reportDoc) legend(x, y float64, names []string, inks []ink) {
	for i, name := range names {
		d.fill(inks[i])
		d.pdf.Rect(x, y-2.4, 3, 3, "F")
		d.font("", 7.5, inkText)
		d.textAt(x+4.2, y, "L", name)
		x += 4.2 + d.pdf.GetStringWidth(name) + 6
	}
}
