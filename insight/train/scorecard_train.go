package train

import (
	"io"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// The scaling and identity of the model file.
const (
	scorecardName      = "openbank-score"
	scorecardBaseScore = 600
	scorecardBaseOdds  = 20
	scorecardPDO       = 70
)

// Population is a training or holdout population of both kinds.
type Population struct {
	Options    score.PopulationOptions
	Consumers  []Subject
	Businesses []Subject
}

// DrawPopulations draws both kinds of subject with the same options.
func DrawPopulations(o score.PopulationOptions) (*Population, error) {
	return drawPopulations(o, "", func(string, int, int) {})
}

// ScorecardTrainOptions say what population to fit on and what to call the result.
type ScorecardTrainOptions struct {
	Population score.PopulationOptions
	Version    string
}

// TrainScorecards draws the training population, fits both scorecards and
// writes the model file as indented JSON. The output is the same for the same options.
func TrainScorecards(w io.Writer, opts ScorecardTrainOptions) error {
	pop, err := DrawPopulations(opts.Population)
	if err != nil {
		return err
	}
	data, err := encodeScorecards(FitScorecards(pop, opts.Version))
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// FitScorecards fits both scorecards on a population: monotone bins and their
// weights of evidence on every subject, then a separate logistic regression
// for each variant on the characteristics it may use.
func FitScorecards(pop *Population, version string) *score.ScorecardModel {
	m := &score.ScorecardModel{Name: scorecardName, Version: version,
		BaseScore: scorecardBaseScore, BaseOdds: scorecardBaseOdds, PDO: scorecardPDO,
		Population: pop.Options,
		Consumer:   fitScorecard(ledger.ConsumerSubject, scored(pop.Consumers)),
		Business:   fitScorecard(ledger.BusinessSubject, scored(pop.Businesses))}
	if !pop.Options.TrueCategories {
		m.Categoriser = categorise.CategoriserVersion
	}
	return m
}

// fitScorecard fits one kind's scorecard, then recalibrates each variant
// on out-of-fold predictions (calibrate).
func fitScorecard(kind ledger.SubjectKind, subjects []Subject) *score.Scorecard {
	values, bad := characteristicValues(kind, subjects)
	card := binAndRegress(kind, values, bad)
	card.Trained = len(subjects)
	card.DefaultRate = round6(defaultRate(bad))
	calibrate(card, values, bad)
	return card
}

// binAndRegress cuts each characteristic into monotone bins with their
// weights of evidence and fits each variant's regression on them.
func binAndRegress(kind ledger.SubjectKind, values [][]float64, bad []bool) *score.Scorecard {
	chars := score.Characteristics(kind)
	card := &score.Scorecard{Kind: kind}
	woe := make([][]float64, len(values))
	for i := range woe {
		woe[i] = make([]float64, len(chars))
	}
	for j, c := range chars {
		column := make([]float64, len(values))
		for i := range values {
			column[i] = values[i][j]
		}
		f := binCharacteristic(c, column, bad)
		for i := range values {
			woe[i][j] = f.WoE[f.Bin(column[i])]
		}
		card.Characteristics = append(card.Characteristics, f)
	}
	for _, v := range score.Variants() {
		use := make([]bool, len(chars))
		for j, c := range chars {
			use[j] = v.Allows(c.Needs)
		}
		a, coef := regressScorecard(woe, bad, use)
		card.Variants = append(card.Variants, score.ScorecardFit{Variant: v.Name, Intercept: round6(a), Coefficients: roundAll(coef)})
	}
	return card
}

// DefaultScorecardTraining is how the committed model file was trained: on
// the categories the default categoriser gives, as at run time.
var DefaultScorecardTraining = ScorecardTrainOptions{
	Population: score.PopulationOptions{Seed: 20260101, Size: 10000, Months: 13},
	Version:    "2.0.0",
}

// HoldoutOf returns the holdout population's options for a training
// population: the next seed and the same size, so that a band's default
// rate on the holdout is measured as closely as the model was fitted.
func HoldoutOf(o score.PopulationOptions) score.PopulationOptions {
	return score.PopulationOptions{Seed: o.Seed + 1, Size: o.Size, Months: o.Months, TrueCategories: o.TrueCategories}
}
