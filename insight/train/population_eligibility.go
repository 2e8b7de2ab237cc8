package train

import (
	"time"

	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// ScoreApplicant scores a ledger on a request day as the service does: not
// at all when the minimum scoring criteria refuse it (the reason is
// returned), otherwise on its KPIs as of its newest transaction.
func ScoreApplicant(m *score.ScorecardModel, l *ledger.Ledger, requestDay time.Time) (*score.Score, score.NotScoredReason) {
	return m.Assess(kpi.ComputeKPIs(l, requestDay))
}

// eligible applies the minimum scoring criteria (score.Eligibility) to a
// ledger on a request day: its KPIs when it is scored, or why it is not.
func eligible(l *ledger.Ledger, requestDay time.Time) (*kpi.KPIs, score.NotScoredReason) {
	k := kpi.ComputeKPIs(l, requestDay)
	if r := score.Eligibility(k); r != "" {
		return nil, r
	}
	return k, ""
}

// seenDays is the number of days from a ledger's first entry to its newest, both counted.
func seenDays(l *ledger.Ledger) int {
	if len(l.Entries) == 0 {
		return 0
	}
	first := l.Entries[0].Date
	for i := range l.Entries {
		if d := l.Entries[i].Date; d.Before(first) {
			first = d
		}
	}
	return daysBetween(first, l.Newest()) + 1
}

// daysBetween counts the calendar days from a to b.
func daysBetween(a, b time.Time) int {
	day := func(t time.Time) int64 {
		y, m, d := t.Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
	}
	return int(day(b) - day(a))
}
