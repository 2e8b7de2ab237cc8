package report

import "math"

// NiceScale returns round tick values covering lo to hi, in minor units, in
// about four steps, zero among them when the range crosses it. The range is
// at least 100 whole units, so that a flat series keeps distinct labels. It
// is the chart scale of the PDF report, for every chart of a report to share.
func NiceScale(lo, hi float64) []float64 {
	hi = max(hi, lo+10000)
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
