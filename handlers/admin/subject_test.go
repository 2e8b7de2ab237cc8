package admin

import (
	"strings"
	"testing"

	"openbank/insight/report"
	"openbank/insight/score"
	"openbank/views"
)

// A subject whose data fails the minimum scoring criteria shows why it has
// no score instead of an empty score table.
func TestFillSubjectNotScored(t *testing.T) {
	reason := score.InsufficientHistory
	r := &report.Report{Currency: "EUR", NotScoredReason: &reason}
	var v views.AdminSubjectView
	fillSubject(&v, r)
	if len(v.Score) != 1 || v.Score[0].Value != reason.Text() || !strings.Contains(v.Score[0].Value, "90 days") {
		t.Errorf("score rows of a subject not scored: %+v", v.Score)
	}
}
