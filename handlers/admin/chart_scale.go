package admin

import (
	"math"
	"strconv"

	"openbank/insight/report"
	"openbank/views"
)

// The plot area of a chart, in the units of its 480-wide viewBox: room on
// the left for the amounts, below for the dates.
const (
	plotLeft   = 64.0
	plotRight  = 472.0
	plotTop    = 10.0
	plotBottom = 200.0
	axisBase   = 218.0 // baseline of the labels under the plot
	plotHeight = "230" // of the viewBox
)

// Colours of the charts' marks, at least 3:1 against white.
const (
	inkBalance  = "#0b55e6"
	inkIncome   = "#067647"
	inkSpending = "#b42318"
	inkCategory = "#0b55e6"
)

// scale maps amounts between lo and hi onto the plot's height.
type scale struct{ lo, hi float64 }

// y is where v falls, the top of the plot being hi.
func (s scale) y(v float64) float64 {
	return plotBottom - (v-s.lo)/(s.hi-s.lo)*(plotBottom-plotTop)
}

// niceScale is the report's chart scale (report.NiceScale), the one rule
// the console and the PDF share, with the scale its ticks span.
func niceScale(lo, hi float64) (scale, []float64) {
	ticks := report.NiceScale(lo, hi)
	return scale{lo: ticks[0], hi: ticks[len(ticks)-1]}, ticks
}

// yTicks are the grid lines of ticks, labelled in whole currency units.
func yTicks(s scale, ticks []float64, currency string) []views.AdminTick {
	out := make([]views.AdminTick, 0, len(ticks))
	for _, t := range ticks {
		out = append(out, views.AdminTick{At: coord(s.y(t)), Label: report.Amount(t).FormatWhole(currency)})
	}
	return out
}

// coord prints a coordinate to a tenth of a unit.
func coord(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// baseChart is a chart with the plot's edges and axis set.
func baseChart(id, title, desc string) views.AdminChart {
	return views.AdminChart{ID: id, Title: title, Desc: desc, Height: plotHeight, Left: coord(plotLeft),
		Right: coord(plotRight), Base: coord(axisBase)}
}
