package aggregation_test

import (
	"fmt"
	"slices"
	"testing"

	"openbank/aggregation/results"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// TestInsightEnumsFollowTheCode keeps the closed value sets of the
// document's analytics and reports in step with the code that makes them:
// the taxonomy's codes (with the empty category of a recurring payment and
// the uncategorised line of a month, the credit codes of a report's lenders
// and the fee codes of its fees), the characteristics of both scorecards,
// which name a score's reasons with the cap on a subject without income,
// and the minimum scoring criteria, which say why there is no score.
func TestInsightEnumsFollowTheCode(t *testing.T) {
	t.Parallel()
	c, err := insightContract()
	if err != nil {
		t.Fatal(err)
	}
	model, err := score.DefaultScorecards()
	if err != nil {
		t.Fatal(err)
	}
	characteristics := []string{score.ReasonNoIncome}
	for _, card := range []*score.Scorecard{model.Consumer, model.Business} {
		for _, f := range card.Characteristics {
			characteristics = append(characteristics, f.Code)
		}
	}
	tests := []struct {
		schema, property string
		want             []string
	}{
		{"CategoryOrNone", "", append([]string{""}, ledger.Categories()...)},
		{"CategoryOrUncategorised", "", append(ledger.Categories(), results.Uncategorised)},
		{"Reason", "code", characteristics},
		{"NotScoredReason", "", notScoredReasons()},
		{"Lender", "category", codesOf("credit")},
		{"Fee", "category", codesOf("fees")},
	}
	for _, tt := range tests {
		s := c.Schema(tt.schema)
		if s != nil && tt.property != "" {
			s = s.Properties[tt.property].Value
		}
		if s == nil {
			t.Errorf("%s %s: not in the document", tt.schema, tt.property)
			continue
		}
		got := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			got[i] = fmt.Sprint(v)
		}
		if !sameSet(got, tt.want) {
			t.Errorf("%s %s: enum %q, want %q", tt.schema, tt.property, got, tt.want)
		}
	}
}

// notScoredReasons are the codes of the minimum scoring criteria.
func notScoredReasons() []string {
	var out []string
	for _, r := range score.NotScoredReasons() {
		out = append(out, string(r))
	}
	return out
}

// codesOf lists the taxonomy's codes of a primary category.
func codesOf(primary string) []string {
	var out []string
	for _, code := range ledger.Categories() {
		if ledger.Primary(code) == primary {
			out = append(out, code)
		}
	}
	return out
}

// sameSet reports whether a and b hold the same strings, in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
