package report

import (
	"math"

	"openbank/insight/kpi"
)

// CategorisationQuality says how far a report's categories can be trusted
// over its period, in its main currency: how many transactions have no
// category, and the risk entries (gambling, payday credit, fees, payments to
// debt collectors) whose category the categoriser was not sure of (below
// ledger.RiskConfidence), which the KPIs and the score count apart.
type CategorisationQuality struct {
	Transactions       int     `json:"transactions"`
	Uncategorised      int     `json:"uncategorised"`
	UncategorisedShare float64 `json:"uncategorisedShare"` // of Transactions, 0-1
	UncertainCount     int     `json:"uncertainCount"`
	UncertainAmount    Amount  `json:"uncertainAmount"` // money in and out, positive
	UncertainShare     float64 `json:"uncertainShare"`  // of all risk money, 0-1
}

// categorisationOf counts the period's entries without a category and reads
// the rest off the KPIs of the period.
func categorisationOf(period []kpi.Item, year *kpi.WindowKPIs) CategorisationQuality {
	q := CategorisationQuality{Transactions: year.Transactions, UncertainCount: year.Uncertain.Count,
		UncertainAmount: Amount(year.Uncertain.Amount), UncertainShare: year.Uncertain.Share}
	for i := range period {
		if period[i].Entry.Category == "" {
			q.Uncategorised++
		}
	}
	q.UncategorisedShare = share4(int64(q.Uncategorised), int64(q.Transactions))
	return q
}

// share4 is part over whole to four decimals, 0 when whole is not positive.
func share4(part, whole int64) float64 { return math.Round(kpi.Share(part, whole)*1e4) / 1e4 }
