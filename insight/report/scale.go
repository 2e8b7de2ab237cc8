package report

import "math"

// minScaleRange is the smallest range a chart spans, in minor units (100
// whole units), so that a flat series keeps distinct labels.
const minScaleRange = 10000

// NiceScale returns round tick values covering lo to hi and zero, in minor
// units, in about four steps of 1, 2, 2.5 or 5 times a power of ten. It is
// the one chart scale of the product: the PDF report and the console draw
// with it, so the same figures get the same axis. Zero is always on the
// axis, so that bars start from it and a line is never exaggerated.
func NiceScale(lo, hi float64) []float64 {
	lo, hi = min(lo, 0), max(hi, 0)
	if hi-lo < minScaleRange {
		if hi == 0 && lo < 0 {
			lo = hi - minScaleRange
		} else {
			hi = lo + minScaleRange
		}
	}
	raw := (hi - lo) / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var ticks []float64
	for v := math.Floor(lo/step) * step; v < hi+step*0.999; v += step {
		ticks = append(ticks, math.Round(v/step)*step)
	}
	return ticks
}
