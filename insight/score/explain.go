package score

import (
	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// ReasonFacts is what the characteristic a reason names read from the
// KPIs, for writing the reason's sentence in another language: its value
// and the unit it reads in ("percent", "incomeShare", "count", "months",
// "cover" or "amount", as the English sentence prints it), and whether no
// income was seen (a share of income is then of the minimum income base).
type ReasonFacts struct {
	Value    float64
	Unit     string
	NoIncome bool
}

// unitNames are the names ReasonFacts gives the units.
var unitNames = map[unit]string{unitPercent: "percent", unitIncomeShare: "incomeShare", unitCount: "count",
	unitMonths: "months", unitCover: "cover", unitAmount: "amount"}

// ReasonFactsOf reads what the characteristic code of k's kind read when
// k was scored; false for a code no characteristic has (ReasonNoIncome)
// or KPIs without the scoring window.
func ReasonFactsOf(k *kpi.KPIs, code string) (ReasonFacts, bool) {
	if k.Window(scoreWindow) == nil {
		return ReasonFacts{}, false
	}
	chars := consumerCharacteristics
	if k.Kind == ledger.BusinessSubject {
		chars = businessCharacteristics
	}
	for i := range chars {
		if c := &chars[i]; c.Code == code {
			v := newScoreView(k)
			return ReasonFacts{Value: c.read(v), Unit: unitNames[c.unit], NoIncome: v.w.Income.Total <= 0}, true
		}
	}
	return ReasonFacts{}, false
}
