package kpi

import "openbank/insight/ledger"

// UncertainKPIs are a window's risk entries the categoriser was not sure
// of: entries of a risk category (ledger.RiskCategory) below
// ledger.RiskConfidence, and payments to debt collectors whose category is
// below it. They are left out of the fees, gambling and credit figures and
// of spending by category, and counted here instead.
type UncertainKPIs struct {
	Count  int     `json:"count"`
	Amount int64   `json:"amount"` // their money in and out, positive
	Share  float64 `json:"share"`  // of all risk money in the window (certain or not), 0-1
}

// riskMarks decides what an entry counts as: risk money (a risk category or
// a payment to a debt collector) and, when its category is not sure enough,
// uncertain. An uncertain entry of a risk category loses its code, so that
// no categorised figure reads it; an uncertain payment to a collector keeps
// its credit code but is not counted as collected (tally.add).
func riskMarks(be *bookEntry, e *ledger.LedgerEntry) {
	be.risky = be.collector || ledger.RiskCategory(e.Category)
	if !be.risky || e.Category == "" || e.Confidence >= ledger.RiskConfidence {
		return
	}
	be.uncertain = true
	if ledger.RiskCategory(e.Category) {
		be.code = noCode
	}
}

// uncertain sums the window's uncertain risk entries.
func (t *tally) uncertain() UncertainKPIs {
	return UncertainKPIs{Count: t.unsure, Amount: t.unsureMoney, Share: round2(Share(t.unsureMoney, t.riskMoney))}
}

// countRisk adds a risk entry's money to the tally.
func (t *tally) countRisk(e *bookEntry) {
	if !e.risky {
		return
	}
	money := max(e.amount, -e.amount)
	t.riskMoney += money
	if e.uncertain {
		t.unsure++
		t.unsureMoney += money
	}
}
