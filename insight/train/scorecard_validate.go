package train

import (
	"sort"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// Validation measures a model on a holdout population, per kind and variant.
type Validation struct {
	Holdout score.PopulationOptions `json:"holdout"`
	Rows    []ValidationRow         `json:"rows"`
}

// ValidationRow is one model variant's discrimination and calibration.
type ValidationRow struct {
	Kind     ledger.SubjectKind `json:"kind"`
	Variant  string             `json:"variant"`
	Subjects int                `json:"subjects"`
	Defaults int                `json:"defaults"`
	AUC      float64            `json:"auc"`
	KS       float64            `json:"ks"`
	Gini     float64            `json:"gini"`
	Deciles  []Decile           `json:"deciles"`
}

// Decile is a tenth of the holdout ordered by predicted pd, safest first.
type Decile struct {
	Subjects    int     `json:"subjects"`
	MeanPD      float64 `json:"meanPd"`
	DefaultRate float64 `json:"defaultRate"`
}

// ValidateScorecards scores every holdout subject with every variant, as if
// its ledger lacked what the variant lacks.
func ValidateScorecards(m *score.ScorecardModel, holdout *Population) *Validation {
	v := &Validation{Holdout: holdout.Options}
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		subjects := holdout.Consumers
		if kind == ledger.BusinessSubject {
			subjects = holdout.Businesses
		}
		for _, variant := range score.Variants() {
			pd := make([]float64, len(subjects))
			bad := make([]bool, len(subjects))
			for i, s := range subjects {
				k := *s.KPIs
				k.Categorised, k.CreditLine = variant.Categories, variant.CreditLine
				pd[i], bad[i] = m.Score(&k).PD12m, s.Default
			}
			v.Rows = append(v.Rows, validationRow(kind, variant.Name, pd, bad))
		}
	}
	return v
}

// validationRow measures one variant's predictions.
func validationRow(kind ledger.SubjectKind, variant string, pd []float64, bad []bool) ValidationRow {
	r := ValidationRow{Kind: kind, Variant: variant, Subjects: len(pd)}
	order := make([]int, len(pd))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return pd[order[a]] < pd[order[b]] })
	for _, b := range bad {
		if b {
			r.Defaults++
		}
	}
	r.AUC = round4(aucOf(order, pd, bad, r.Defaults))
	r.Gini = round4(2*r.AUC - 1)
	r.KS = round4(ksOf(order, pd, bad, r.Defaults))
	r.Deciles = decilesOf(order, pd, bad)
	return r
}
