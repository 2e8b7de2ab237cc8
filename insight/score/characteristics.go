package score

import (
	"slices"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// Need says what data a characteristic needs beyond balances and amounts.
type Need string

// The needs of characteristics.
const (
	NeedsNothing    Need = ""
	NeedsCategories Need = "categories"
	NeedsCreditLine Need = "creditLine"
)

// Characteristic is one input of a scorecard: how to read it from the KPIs of
// the scoring window and how to explain it to a loan officer.
type Characteristic struct {
	Code          string
	Needs         Need
	HigherRiskier bool // the declared direction the bins must follow
	read          func(v *scoreView) float64
	Text          string // a sentence with one %s for the value
	unit          unit
}

// scoreWindow is the window, in days, the scorecards read; recentWindow is
// the shorter one that trends compare with it.
const (
	scoreWindow  = 365
	recentWindow = 90
)

// scoreView is the scoring window's KPIs with the denominators the
// characteristics share. Shares of income divide by the KPIs' own income
// base (kpi.IncomeKPIs.ShareOf), so that a reason, the KPIs and the report
// give the same share.
type scoreView struct {
	w        *kpi.WindowKPIs
	months   float64 // the window's length in months
	perYear  float64 // multiplies a count over the window into a count a year
	inflow   float64 // monthly money in, category-free, at least kpi.MinMonthlyIncome
	outflow  float64 // monthly money out, category-free, at least kpi.MinMonthlyIncome
	business *kpi.BusinessKPIs
	recent   *kpi.WindowKPIs // the last 90 days
	// historyDays counts the days from the first transaction to the as-of day.
	historyDays int
}

// newScoreView prepares the view of k's scoring window.
func newScoreView(k *kpi.KPIs) *scoreView {
	w := k.Window(scoreWindow)
	months := float64(w.CoveredDays) / 30.44
	v := &scoreView{w: w, months: months, perYear: 365 / float64(w.CoveredDays),
		inflow:  max(kpi.MinMonthlyIncome, float64(w.Income.Inflows)/months),
		outflow: max(kpi.MinMonthlyIncome, float64(w.Spending.Outflows)/months), business: w.Business, historyDays: k.HistoryDays}
	if v.business == nil {
		v.business = &kpi.BusinessKPIs{}
	}
	if v.recent = k.Window(recentWindow); v.recent == nil {
		v.recent = w
	}
	return v
}

// cover scales an amount that is safer the higher it is (a balance, a
// trend, a net flow): at or above zero over a month's money out, how long
// it lasts; below zero over a month's money in, how long it takes to make
// good. So more money in never reads riskier and more money out never
// safer, which a single denominator of either cannot promise.
func (v *scoreView) cover(x float64) float64 {
	if x >= 0 {
		return x / v.outflow
	}
	return x / v.inflow
}

// inflowLowMonths is the lower quartile of the window's monthly money in,
// over a month's money out: money added to any month never lowers it, and
// a pay day that falls twice in one month and not in the next hardly moves it.
func inflowLowMonths(v *scoreView) float64 {
	in := make([]float64, len(v.w.CashFlow.Monthly))
	for i, m := range v.w.CashFlow.Monthly {
		in[i] = float64(m.In)
	}
	if len(in) == 0 {
		return 0
	}
	slices.Sort(in)
	return in[(len(in)-1)/4] / v.outflow
}

// historyMonths is how many months of statements the subject gave, from its
// first transaction: a thin file reads riskier.
func historyMonths(v *scoreView) float64 { return float64(v.historyDays) / 30.44 }

// characteristicsOf returns the characteristics of a subject kind's scorecard.
func characteristicsOf(kind ledger.SubjectKind) []Characteristic {
	if kind == ledger.BusinessSubject {
		return businessCharacteristics
	}
	return consumerCharacteristics
}

// Characteristics returns the characteristics of a subject kind's scorecard,
// in the order of the model file, for the offline training to bin and describe.
func Characteristics(kind ledger.SubjectKind) []Characteristic {
	return slices.Clone(characteristicsOf(kind))
}

// CharacteristicValues reads every characteristic of a kind's scorecard from
// KPIs, in the order of Characteristics.
func CharacteristicValues(kind ledger.SubjectKind, k *kpi.KPIs) []float64 {
	chars := characteristicsOf(kind)
	v := newScoreView(k)
	out := make([]float64, len(chars))
	for j, c := range chars {
		out[j] = c.read(v)
	}
	return out
}
