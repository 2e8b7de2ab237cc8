package train

import (
	"openbank/insight/score"
)

// plattFolds is how many parts the training population is cut into
// to predict each subject from a model fitted without it.
const plattFolds = 5

// calibrate fits each variant's Platt scaling: a logistic regression of
// default on the log-odds the variant gives each training subject when
// the bins and the regression were fitted on the other folds. In-sample
// log-odds would call for no correction at all, although binning and
// regressing on the same subjects makes the extremes too sure.
func calibrate(card *score.Scorecard, values [][]float64, bad []bool) {
	oof := make([][]float64, len(card.Variants))
	for v := range oof {
		oof[v] = make([]float64, len(values))
	}
	for fold := range plattFolds {
		var fitValues [][]float64
		var fitBad []bool
		for i := range values {
			if i%plattFolds != fold {
				fitValues, fitBad = append(fitValues, values[i]), append(fitBad, bad[i])
			}
		}
		fitted := binAndRegress(card.Kind, fitValues, fitBad)
		for i := fold; i < len(values); i += plattFolds {
			for v := range fitted.Variants {
				oof[v][i] = rawLogit(fitted, v, values[i])
			}
		}
	}
	for v := range card.Variants {
		x := make([][]float64, len(values))
		for i := range x {
			x[i] = []float64{oof[v][i]}
		}
		a, c := newtonFit(x, bad, []bool{true})
		card.Variants[v].Calibration = score.Calibration{Intercept: round6(a), Slope: round6(max(-c[0], 0.01))}
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
