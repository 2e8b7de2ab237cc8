package score

import (
	"math"
	"slices"
	"sort"

	"openbank/insight/ledger"
)

// ScorecardModel is the fitted model file: both scorecards and the scaling
// that turns odds into points.
type ScorecardModel struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// Categoriser is the categoriser version the training population's
	// transactions went through; empty when it kept the true categories.
	Categoriser string  `json:"categoriser,omitempty"`
	BaseScore   float64 `json:"baseScore"` // points at BaseOdds
	BaseOdds    float64 `json:"baseOdds"`  // good:bad odds worth BaseScore points
	PDO         float64 `json:"pdo"`       // points that double the odds
	// Population is the training population; the holdout is drawn with Seed+1.
	Population PopulationOptions `json:"population"`
	Consumer   *Scorecard        `json:"consumer"`
	Business   *Scorecard        `json:"business"`
}

// PopulationOptions describe the synthetic population, drawn from the mock
// banks' generators, that a model file was trained on.
type PopulationOptions struct {
	Seed   int64 `json:"seed"`
	Size   int   `json:"size"`   // subjects of each kind
	Months int   `json:"months"` // months of history when scored
	// TrueCategories keeps the generators' true categories; otherwise each
	// subject's history goes through the default categoriser, as the ingest does.
	TrueCategories bool `json:"trueCategories,omitempty"`
}

// Scorecard is one subject kind's model: binned characteristics with their
// weight of evidence, and one logistic regression per variant.
type Scorecard struct {
	Kind            ledger.SubjectKind `json:"kind"`
	Characteristics []BinnedFeature    `json:"characteristics"`
	Variants        []ScorecardFit     `json:"variants"`
	DefaultRate     float64            `json:"defaultRate"` // in the training population
	Trained         int                `json:"trained"`     // subjects fitted on
}

// BinnedFeature is a characteristic cut into bins. A value falls in the first
// bin whose upper bound (Cuts[i], exclusive) exceeds it, or in the last bin.
// WoE is ln(share of goods / share of bads): higher is safer.
type BinnedFeature struct {
	Code  string    `json:"code"`
	Needs string    `json:"needs,omitempty"` // categories, creditLine or nothing
	Cuts  []float64 `json:"cuts"`
	WoE   []float64 `json:"woe"`
	Count []int     `json:"count"` // training subjects per bin
	Bads  []int     `json:"bads"`  // of which defaulted
}

// ScorecardFit is the logistic regression of a variant and its
// calibration: raw = Intercept - sum(Coefficients[i] * WoE of
// characteristic i), and logit(pd) = Calibration.Apply(raw). A coefficient
// is zero for a characteristic the variant lacks; none is negative, and the
// calibration is strictly increasing, so the score moves with every
// characteristic in its declared direction.
type ScorecardFit struct {
	Variant      string      `json:"variant"`
	Intercept    float64     `json:"intercept"`
	Coefficients []float64   `json:"coefficients"`
	Calibration  Calibration `json:"calibration"`
}

// Calibration maps a regression's log-odds onto the default rates seen: a
// piecewise-linear, strictly increasing map through knots (Raw[i] to
// Logit[i]) fitted by isotonic regression on out-of-fold predictions of the
// training population, continued beyond the first and the last knot with
// Slope (Platt scaling's).
type Calibration struct {
	Raw   []float64 `json:"raw"`
	Logit []float64 `json:"logit"`
	Slope float64   `json:"slope"`
}

// Apply returns the calibrated log-odds of default of a regression's log-odds.
func (c *Calibration) Apply(raw float64) float64 {
	n := len(c.Raw)
	switch {
	case raw <= c.Raw[0]:
		return c.Logit[0] + c.Slope*(raw-c.Raw[0])
	case raw >= c.Raw[n-1]:
		return c.Logit[n-1] + c.Slope*(raw-c.Raw[n-1])
	}
	i := sort.SearchFloat64s(c.Raw, raw)
	t := (raw - c.Raw[i-1]) / (c.Raw[i] - c.Raw[i-1])
	return c.Logit[i-1] + t*(c.Logit[i]-c.Logit[i-1])
}

// increasing reports whether the calibration is a strictly increasing map.
func (c *Calibration) increasing() bool {
	if len(c.Raw) == 0 || len(c.Raw) != len(c.Logit) || c.Slope <= 0 {
		return false
	}
	for i := 1; i < len(c.Raw); i++ {
		if c.Raw[i] <= c.Raw[i-1] || c.Logit[i] <= c.Logit[i-1] {
			return false
		}
	}
	return true
}

// The variants, by the data a ledger offers.
const (
	VariantFull         = "full"           // categories and credit lines
	VariantNoCreditLine = "no-credit-line" // categories, limits unknown
	VariantNoCategories = "no-categories"  // credit lines, no categories
	VariantBasic        = "basic"          // balances and amounts only
)

// Variant is a regression of a scorecard and the data it may use.
type Variant struct {
	Name                   string
	Categories, CreditLine bool
}

// variants lists every variant with what it may use.
var variants = []Variant{
	{VariantFull, true, true}, {VariantNoCreditLine, true, false},
	{VariantNoCategories, false, true}, {VariantBasic, false, false},
}

// Variants returns every variant, in the order of a scorecard's regressions.
func Variants() []Variant { return slices.Clone(variants) }

// Allows reports whether the variant may use a characteristic of a need.
func (v Variant) Allows(n Need) bool {
	return n == NeedsNothing || (n == NeedsCategories && v.Categories) || (n == NeedsCreditLine && v.CreditLine)
}

// Bin returns the bin of value x.
func (f *BinnedFeature) Bin(x float64) int {
	for i, c := range f.Cuts {
		if x < c {
			return i
		}
	}
	return len(f.Cuts)
}

// bestWoE is the weight of evidence of the safest bin.
func (f *BinnedFeature) bestWoE() float64 {
	best := math.Inf(-1)
	for _, w := range f.WoE {
		best = max(best, w)
	}
	return best
}

// fit returns the regression of a variant, or nil.
func (s *Scorecard) fit(variant string) *ScorecardFit {
	for i := range s.Variants {
		if s.Variants[i].Variant == variant {
			return &s.Variants[i]
		}
	}
	return nil
}

// Factor is the points per unit of log-odds.
func (m *ScorecardModel) Factor() float64 { return m.PDO / math.Ln2 }
