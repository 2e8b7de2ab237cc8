package score

import (
	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

// NotScoredReason says which of the minimum scoring criteria a subject's
// data fails: like a credit bureau, which scores a file only when it is old
// enough, holds enough and was reported recently, the scorecards score only
// what they can describe.
type NotScoredReason string

// The reasons a subject is not scored, in the order they are checked.
const (
	NoTransactions      NotScoredReason = "no_transactions"      // no booked transaction on or before the request day
	InsufficientHistory NotScoredReason = "insufficient_history" // under MinHistoryDays from the first to the newest transaction
	TooFewTransactions  NotScoredReason = "too_few_transactions" // under MinTransactions in the scoring window
	NoInflow            NotScoredReason = "no_inflow"            // no money in (own transfers and reversals aside) in the scoring window
	StaleData           NotScoredReason = "stale_data"           // the newest transaction over ledger.UnscorableAfterDays old
)

// The minimum scoring criteria besides the data's age.
const (
	MinHistoryDays  = 90 // days from the first to the newest transaction
	MinTransactions = 20 // booked transactions in the scoring window
)

// notScoredTexts explain each reason to a loan officer.
var notScoredTexts = map[NotScoredReason]string{
	NoTransactions:      "No score: there are no booked transactions to score.",
	InsufficientHistory: "No score: the history is shorter than 90 days.",
	TooFewTransactions:  "No score: the last 365 days hold fewer than 20 transactions.",
	NoInflow:            "No score: no money came in over the last 365 days.",
	StaleData:           "No score: the newest transaction is more than 45 days old; ask for fresh data.",
}

// NotScoredReasons lists every reason, in the order they are checked.
func NotScoredReasons() []NotScoredReason {
	return []NotScoredReason{NoTransactions, InsufficientHistory, TooFewTransactions, NoInflow, StaleData}
}

// Text is a sentence that says why there is no score, in English.
func (r NotScoredReason) Text() string { return notScoredTexts[r] }

// Eligibility applies the minimum scoring criteria to KPIs: it returns the
// first criterion they fail, or "" when they may be scored.
func Eligibility(k *kpi.KPIs) NotScoredReason {
	w := k.Window(scoreWindow)
	switch {
	case w == nil || w.Transactions == 0:
		return NoTransactions
	case k.HistoryDays-1 < MinHistoryDays:
		return InsufficientHistory
	case w.Transactions < MinTransactions:
		return TooFewTransactions
	case w.Income.Inflows <= 0:
		return NoInflow
	case k.DataAgeDays > ledger.UnscorableAfterDays:
		return StaleData
	}
	return ""
}

// Assess scores KPIs when the minimum scoring criteria allow it, else says
// which criterion they fail.
func (m *ScorecardModel) Assess(k *kpi.KPIs) (*Score, NotScoredReason) {
	if r := Eligibility(k); r != "" {
		return nil, r
	}
	return m.Score(k), ""
}
