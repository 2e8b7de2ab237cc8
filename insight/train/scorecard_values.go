package train

import (
	"math"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// characteristicValues reads every characteristic of a kind's scorecard of every subject.
func characteristicValues(kind ledger.SubjectKind, subjects []Subject) ([][]float64, []bool) {
	values := make([][]float64, len(subjects))
	bad := make([]bool, len(subjects))
	for i, s := range subjects {
		values[i] = score.CharacteristicValues(kind, s.KPIs)
		bad[i] = s.Default
	}
	return values, bad
}

// defaultRate is the share of true values.
func defaultRate(bad []bool) float64 {
	n := 0
	for _, b := range bad {
		if b {
			n++
		}
	}
	return float64(n) / float64(max(1, len(bad)))
}

// round6 keeps six decimals, so the model file reads the same on every platform.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// roundAll rounds a vector to six decimals, and negative zero to zero.
func roundAll(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = round6(x) + 0
		if out[i] == 0 {
			out[i] = 0
		}
	}
	return out
}
