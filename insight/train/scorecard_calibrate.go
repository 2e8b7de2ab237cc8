package train

import (
	"math"
	"sort"

	"openbank/insight/score"
)

// The calibration's settings: how many parts the training population is cut
// into to predict each subject from a model fitted without it, the fewest
// subjects a knot stands on, and how many subjects at Platt scaling's rate
// are added to each knot's own, so that a knot of few defaults claims no
// certainty.
const (
	scorecardFolds   = 5
	calibrationBlock = 80
	calibrationPrior = 20
)

// calibrate fits each variant's calibration on the log-odds the variant
// gives each training subject when the bins and the regression were fitted
// on the other folds (in-sample log-odds would call for no correction,
// although binning and regressing on the same subjects makes the extremes
// too sure): isotonic regression through knots, Platt scaling's slope beyond.
func calibrate(card *score.Scorecard, values [][]float64, bad []bool) {
	oof := make([][]float64, len(card.Variants))
	for v := range oof {
		oof[v] = make([]float64, len(values))
	}
	for fold := range scorecardFolds {
		var fitValues [][]float64
		var fitBad []bool
		for i := range values {
			if i%scorecardFolds != fold {
				fitValues, fitBad = append(fitValues, values[i]), append(fitBad, bad[i])
			}
		}
		fitted := binAndRegress(card.Kind, fitValues, fitBad)
		for i := fold; i < len(values); i += scorecardFolds {
			for v := range fitted.Variants {
				oof[v][i] = rawLogit(fitted, v, values[i])
			}
		}
	}
	for v := range card.Variants {
		card.Variants[v].Calibration = isotonicCalibration(oof[v], bad)
	}
}

// rawLogit is a variant's log-odds of default for a subject's
// characteristic values, before calibration.
func rawLogit(card *score.Scorecard, variant int, values []float64) float64 {
	fit := &card.Variants[variant]
	logit := fit.Intercept
	for j, f := range card.Characteristics {
		if fit.Coefficients[j] != 0 {
			logit -= fit.Coefficients[j] * f.WoE[f.Bin(values[j])]
		}
	}
	return logit
}

// calibrationKnot is a block of subjects next to each other in log-odds.
type calibrationKnot struct {
	n    int
	bads float64 // smoothed once the blocks are pooled
	sumX float64
}

func (k calibrationKnot) rate() float64 { return k.bads / float64(k.n) }
func (k calibrationKnot) x() float64    { return k.sumX / float64(k.n) }

// isotonicCalibration pools subjects sorted by log-odds into blocks whose
// default rates rise strictly, each of at least calibrationBlock subjects;
// smooths each block's rate towards Platt scaling's and pools again; and
// returns the blocks as knots (their mean log-odds to the log-odds of their
// rate) with Platt scaling's slope beyond them.
func isotonicCalibration(raw []float64, bad []bool) score.Calibration {
	x := make([][]float64, len(raw))
	for i := range x {
		x[i] = []float64{raw[i]}
	}
	a, c := newtonFit(x, bad, []bool{true})
	slope := max(-c[0], 0.01)
	order := make([]int, len(raw))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return raw[order[i]] < raw[order[j]] })
	var knots []calibrationKnot
	for _, i := range order {
		k := calibrationKnot{n: 1, sumX: raw[i]}
		if bad[i] {
			k.bads = 1
		}
		knots = pool(append(knots, k), calibrationBlock)
	}
	if n := len(knots); n > 1 && knots[n-1].n < calibrationBlock {
		knots = append(knots[:n-2], calibrationKnot{n: knots[n-2].n + knots[n-1].n, bads: knots[n-2].bads + knots[n-1].bads,
			sumX: knots[n-2].sumX + knots[n-1].sumX})
		knots = pool(knots, 0)
	}
	for i := range knots {
		platt := logisticOf(a + slope*knots[i].x())
		knots[i].bads = (knots[i].bads + calibrationPrior*platt) * float64(knots[i].n) / float64(knots[i].n+calibrationPrior)
	}
	var pooled []calibrationKnot
	for _, k := range knots {
		pooled = pool(append(pooled, k), 0)
	}
	cal := score.Calibration{Slope: round6(slope)}
	for _, k := range pooled {
		xr, yr := round6(k.x()), round6(math.Log(k.rate()/(1-k.rate())))
		if n := len(cal.Raw); n > 0 && (xr <= cal.Raw[n-1] || yr <= cal.Logit[n-1]) {
			continue
		}
		cal.Raw, cal.Logit = append(cal.Raw, xr), append(cal.Logit, yr)
	}
	return cal
}

// pool merges the last block into the one before while that one is smaller
// than least, or its rate or mean log-odds is not below the last's.
func pool(knots []calibrationKnot, least int) []calibrationKnot {
	for len(knots) > 1 {
		last, prev := knots[len(knots)-1], knots[len(knots)-2]
		if prev.n >= least && prev.rate() < last.rate() && prev.x() < last.x() {
			break
		}
		knots = append(knots[:len(knots)-2], calibrationKnot{n: prev.n + last.n, bads: prev.bads + last.bads, sumX: prev.sumX + last.sumX})
	}
	return knots
}
