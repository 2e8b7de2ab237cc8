package score

import (
	"errors"
	"math"
	"time"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// Score is a subject's credit score: the probability of default within 12
// months, the points it is worth and the characteristics that cost the most.
type Score struct {
	Value      int      `json:"value"` // 0-1000, higher is safer
	PD12m      float64  `json:"pd12m"`
	Band       string   `json:"band"` // A (safest) to E
	Model      string   `json:"model"`
	Variant    string   `json:"variant"`    // full, no-credit-line, no-categories or basic
	Confidence float64  `json:"confidence"` // 0-1: lower without categories, credit lines or a year of history
	Reasons    []Reason `json:"reasons"`
}

// Reason is a characteristic that cost points against its safest bin.
type Reason struct {
	Code       string `json:"code"`
	Text       string `json:"text"`
	PointsLost int    `json:"pointsLost"`
}

// ErrNoHistory is returned when a ledger has no transactions to score.
var ErrNoHistory = errors.New("insight: the ledger has no transactions to score")

// NotScoredError is returned when the minimum scoring criteria refuse a ledger.
type NotScoredError struct{ Reason NotScoredReason }

func (e *NotScoredError) Error() string { return "insight: not scored: " + string(e.Reason) }

// ScoreLedger scores the main currency of a ledger on a request day with the
// embedded model: ErrNoHistory without transactions, a *NotScoredError when
// the minimum scoring criteria refuse it.
func ScoreLedger(l *ledger.Ledger, today time.Time) (*Score, error) {
	m, err := DefaultScorecards()
	if err != nil {
		return nil, err
	}
	s, reason := m.Assess(kpi.ComputeKPIs(l, today))
	switch reason {
	case "":
		return s, nil
	case NoTransactions:
		return nil, ErrNoHistory
	}
	return nil, &NotScoredError{Reason: reason}
}

// Score scores a subject from its KPIs, with the variant its data allow,
// whether or not the minimum scoring criteria allow it (Assess checks them).
// A subject in whom no income was seen is never in band A or B.
func (m *ScorecardModel) Score(k *kpi.KPIs) *Score {
	card, chars := m.Consumer, consumerCharacteristics
	if k.Kind == ledger.BusinessSubject {
		card, chars = m.Business, businessCharacteristics
	}
	variant := variantOf(k.Categorised, k.CreditLine)
	fit := card.fit(variant)
	v := newScoreView(k)
	raw, below := fit.Intercept, make([]float64, len(chars)) // below: log-odds above the safest bin
	for j := range chars {
		if fit.Coefficients[j] == 0 {
			continue
		}
		f := &card.Characteristics[j]
		woe := f.WoE[f.Bin(chars[j].read(v))]
		raw -= fit.Coefficients[j] * woe
		below[j] = fit.Coefficients[j] * (f.bestWoE() - woe)
	}
	logit, lost := fit.Calibration.Apply(raw), make([]float64, len(chars))
	for j := range chars {
		if below[j] > 0 {
			lost[j] = m.Factor() * (logit - fit.Calibration.Apply(raw-below[j]))
		}
	}
	pd, reasons := pdOf(logit), reasonsOf(chars, v, lost)
	if noIncomeSeen(k, v) {
		var cost float64
		if logit, cost = m.capNoIncome(logit); cost > 0 {
			pd = noIncomePD // exactly, so that rounding never puts it in band B
			reasons = withReason(reasons, Reason{Code: ReasonNoIncome, PointsLost: int(cost + 0.5),
				Text: "No income was seen in the last 365 days, so the band is C at best."})
		}
	}
	return &Score{Value: m.points(logit), PD12m: math.Round(pd*1e4) / 1e4, Band: bandOf(pd),
		Model: m.Name + "-" + string(card.Kind) + "@" + m.Version, Variant: variant,
		Confidence: confidenceOf(k, v.w), Reasons: reasons}
}

// variantOf names the variant for the data a ledger offers.
func variantOf(categories, creditLine bool) string {
	for _, v := range variants {
		if v.Categories == categories && v.CreditLine == creditLine {
			return v.Name
		}
	}
	return VariantBasic
}

// points scales the log-odds of default: BaseScore at BaseOdds, PDO more
// points each time the good:bad odds double, clamped to 0-1000.
func (m *ScorecardModel) points(logit float64) int {
	p := m.BaseScore + m.Factor()*(-logit-math.Log(m.BaseOdds))
	return int(math.Round(max(0, min(1000, p))))
}

// pdOf turns log-odds of default into a probability of default.
func pdOf(logit float64) float64 { return 1 / (1 + math.Exp(-logit)) }
