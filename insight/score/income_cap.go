package score

import (
	"math"

	"openbank/insight/kpi"
)

// noIncomePD is the least probability of default of a subject in whom no
// income was seen: the lowest of band C, so such a subject is never in band
// A or B, however its balances look.
const noIncomePD = 0.05

// ReasonNoIncome is the reason a score gives when the cap on subjects
// without income cost it points.
const ReasonNoIncome = "noIncome"

// noIncomeSeen reports whether categorised KPIs show no income in the
// scoring window: no salary, benefits, pension or other income, nor, for a
// business, revenue or card takings. Uncategorised KPIs cannot see income
// either way; their variant reads money in instead.
func noIncomeSeen(k *kpi.KPIs, v *scoreView) bool {
	return k.Categorised && v.w.Income.Total <= 0 && v.business.Revenue <= 0
}

// capNoIncome raises the log-odds of default of a subject without income
// to noIncomePD at least, and returns them with the points the cap cost.
func (m *ScorecardModel) capNoIncome(logit float64) (float64, float64) {
	floor := math.Log(noIncomePD / (1 - noIncomePD))
	if logit >= floor {
		return logit, 0
	}
	return floor, m.Factor() * (floor - logit)
}
