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

// niceScale spans lo..hi (and zero) with four or five round steps and
// returns the scale and its tick amounts.
func niceScale(lo, hi float64) (scale, []float64) {
	lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	if hi-lo < 1 {
		hi = lo + 100
	}
	raw := (hi - lo) / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag * 10
	for _, m := range []float64{1, 2, 2.5, 5} {
		if mag*m >= raw {
			step = mag * m
			break
		}
	}
	s := scale{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step}
	var ticks []float64
	for v := s.lo; v <= s.hi+step/2; v += step {
		ticks = append(ticks, v)
	}
	return s, ticks
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
