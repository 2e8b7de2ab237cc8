package kpi

import "math"

// sumOf adds up a series.
func sumOf(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// variation is the coefficient of variation of a series: its standard
// deviation over its mean, 0 for an empty series and 3 (capped) when the mean
// is not positive.
func variation(xs []int64) float64 {
	if len(xs) < 2 {
		return 0
	}
	mean := float64(sumOf(xs)) / float64(len(xs))
	if mean <= 0 {
		return 3
	}
	var ss float64
	for _, x := range xs {
		d := float64(x) - mean
		ss += d * d
	}
	return min(3, math.Sqrt(ss/float64(len(xs)))/mean)
}

// slope is the least-squares slope of a series against its index.
func slope(xs []int64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return 0
	}
	var sx, sy, sxy, sxx float64
	for i, y := range xs {
		x := float64(i)
		sx += x
		sy += float64(y)
		sxy += x * float64(y)
		sxx += x * x
	}
	den := n*sxx - sx*sx
	return (n*sxy - sx*sy) / den
}

// Share is part over whole, 0 when whole is not positive.
func Share(part, whole int64) float64 {
	if whole <= 0 {
		return 0
	}
	return float64(part) / float64(whole)
}

// perMonth scales a total over the span to a month of 30.44 days.
func (s span) perMonth(total int64) int64 { return int64(float64(total) / s.months()) }

// round2 rounds to two decimals, so that printed ratios stay short.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
