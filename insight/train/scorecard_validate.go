package train

import (
	"sort"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// Validation measures a model on a holdout population, per kind and
// variant, against the minimum balance alone, and describes both populations.
type Validation struct {
	Holdout    score.PopulationOptions `json:"holdout"`
	Rows       []ValidationRow         `json:"rows"`
	MinBalance []BaselineRow           `json:"minBalance"`
	Refusals   []RefusalRow            `json:"refusals"`
	Training   []SegmentRow            `json:"training"`
	Segments   []SegmentRow            `json:"segments"` // the holdout's, with the full variant's predictions
}

// BaselineRow is how well one figure alone ranks a kind's holdout.
type BaselineRow struct {
	Kind ledger.SubjectKind `json:"kind"`
	AUC  float64            `json:"auc"`
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
	Bands    []BandRow          `json:"bands"`
}

// BandRow is the holdout subjects a variant put in a band: what it
// predicted for them and how many defaulted.
type BandRow struct {
	Band        string  `json:"band"`
	Subjects    int     `json:"subjects"`
	MeanPD      float64 `json:"meanPd"`
	DefaultRate float64 `json:"defaultRate"`
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
		subjects := scored(holdout.Consumers)
		if kind == ledger.BusinessSubject {
			subjects = scored(holdout.Businesses)
		}
		for _, variant := range score.Variants() {
			pd := make([]float64, len(subjects))
			bad := make([]bool, len(subjects))
			bands := make([]string, len(subjects))
			for i, s := range subjects {
				k := *s.KPIs
				k.Categorised, k.CreditLine = variant.Categories, variant.CreditLine
				sc := m.Score(&k)
				pd[i], bad[i], bands[i] = sc.PD12m, s.Default, sc.Band
			}
			row := validationRow(kind, variant.Name, pd, bad)
			row.Bands = bandRows(pd, bad, bands)
			v.Rows = append(v.Rows, row)
		}
		v.MinBalance = append(v.MinBalance, BaselineRow{Kind: kind, AUC: minBalanceAUC(subjects)})
	}
	v.Segments = segmentRows(m, holdout)
	v.Refusals = refusalRows("holdout", holdout)
	return v
}

// minBalanceAUC is how well the lowest balance of the scoring year alone
// ranks subjects: a lower balance for riskier.
func minBalanceAUC(subjects []Subject) float64 {
	x := make([]float64, len(subjects))
	bad := make([]bool, len(subjects))
	bads := 0
	for i, s := range subjects {
		x[i], bad[i] = -float64(s.KPIs.Window(365).Balance.Min), s.Default
		if bad[i] {
			bads++
		}
	}
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return x[order[a]] < x[order[b]] })
	return round4(aucOf(order, x, bad, bads))
}

// bandRows groups subjects by band, A to E.
func bandRows(pd []float64, bad []bool, bands []string) []BandRow {
	out := make([]BandRow, 0, 5)
	for _, band := range []string{"A", "B", "C", "D", "E"} {
		r := BandRow{Band: band}
		var sum float64
		n := 0
		for i := range pd {
			if bands[i] == band {
				r.Subjects++
				sum += pd[i]
				if bad[i] {
					n++
				}
			}
		}
		if r.Subjects > 0 {
			r.MeanPD, r.DefaultRate = round4(sum/float64(r.Subjects)), round4(float64(n)/float64(r.Subjects))
		}
		out = append(out, r)
	}
	return out
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
