package ledger

import "time"

// The data-quality rules every room applies the same way: which categories
// mark risk, how sure the categoriser must be before a risk category counts,
// and when data is too old to describe a subject today.
const (
	// RiskConfidence is the confidence a risk category needs to count in
	// full in KPIs and scores; below it the entry is uncertain: counted
	// apart, and it lowers the score's confidence instead of its points.
	RiskConfidence = 0.7
	// StaleAfterDays is the age of the newest transaction, in days before
	// the request day, past which analytics warn that the data is stale.
	StaleAfterDays = 31
	// UnscorableAfterDays is the age past which no score is given.
	UnscorableAfterDays = 45
)

// riskCategories are the codes a lender reads as signs of distress.
var riskCategories = map[string]bool{
	"gambling":       true,
	"credit.payday":  true,
	"fees.overdraft": true,
	"fees.returned":  true,
	"fees.bank":      true,
}

// RiskCategory reports whether code marks risk (gambling, payday credit,
// fees). Payments to debt collectors are found by name within credit.loan
// and use the entry's confidence the same way.
func RiskCategory(code string) bool { return riskCategories[code] }

// Uncertain reports whether e carries a risk category that the categoriser
// was not sure enough of (below RiskConfidence).
func (e *LedgerEntry) Uncertain() bool {
	return RiskCategory(e.Category) && e.Confidence < RiskConfidence
}

// Newest returns the booking date of the ledger's newest entry, zero when it
// has none.
func (l *Ledger) Newest() time.Time {
	var newest time.Time
	for i := range l.Entries {
		if d := l.Entries[i].Date; d.After(newest) {
			newest = d
		}
	}
	return newest
}
