package insight

// need says what data a characteristic needs beyond balances and amounts.
type need string

// The needs of characteristics.
const (
	needsNothing    need = ""
	needsCategories need = "categories"
	needsCreditLine need = "creditLine"
)

// characteristic is one input of a scorecard: how to read it from the KPIs of
// the scoring window and how to explain it to a loan officer.
type characteristic struct {
	code          string
	needs         need
	higherRiskier bool // the declared direction the bins must follow
	read          func(v *scoreView) float64
	text          string // a sentence with one %s for the value
	unit          unit
}

// scoreWindow is the window, in days, the scorecards read; recentWindow is
// the shorter one that trends compare with it.
const (
	scoreWindow  = 365
	recentWindow = 90
)

// scoreView is the scoring window's KPIs with the denominators the
// characteristics share.
type scoreView struct {
	w        *WindowKPIs
	months   float64 // the window's length in months
	perYear  float64 // multiplies a count over the window into a count a year
	inflow   float64 // monthly money in, category-free, at least 100.00
	income   float64 // monthly income, categorised, at least 100.00
	outflow  float64 // monthly money out, category-free, at least 100.00
	business *BusinessKPIs
	recent   *WindowKPIs // the last 90 days
}

// newScoreView prepares the view of k's scoring window.
func newScoreView(k *KPIs) *scoreView {
	w := k.Window(scoreWindow)
	months := float64(w.CoveredDays) / 30.44
	v := &scoreView{w: w, months: months, perYear: 365 / float64(w.CoveredDays),
		inflow:  max(10000, float64(w.Income.Inflows)/months),
		income:  max(10000, float64(w.Income.Total)/months),
		outflow: max(10000, float64(w.Spending.Outflows)/months), business: w.Business}
	if v.business == nil {
		v.business = &BusinessKPIs{}
	}
	if v.recent = k.Window(recentWindow); v.recent == nil {
		v.recent = w
	}
	return v
}

// characteristicsOf returns the characteristics of a subject kind's scorecard.
func characteristicsOf(kind SubjectKind) []characteristic {
	if kind == BusinessSubject {
		return businessCharacteristics
	}
	return consumerCharacteristics
}
