package insight

import (
	"testing"

	"openbank/banks"
)

// TestUncategorisedFeaturesIgnoreCategories checks that the characteristics
// the no-categories variants use read the same with and without categories,
// so validating those variants on categorised KPIs is honest.
func TestUncategorisedFeaturesIgnoreCategories(t *testing.T) {
	for _, c := range []struct {
		code string
		kind SubjectKind
	}{{banks.ConsumerHighRisk, ConsumerSubject}, {banks.ConsumerMultiAccount, ConsumerSubject}, {banks.BusinessHighRisk, BusinessSubject}} {
		l, err := mockLedger(c.code, c.kind, 5, scoreNow, nil)
		if err != nil {
			t.Fatal(err)
		}
		with := newScoreView(ComputeKPIs(l, scoreNow))
		without := newScoreView(ComputeKPIs(withoutCategories(l), scoreNow))
		for _, ch := range characteristicsOf(c.kind) {
			if ch.needs != needsCategories && ch.read(with) != ch.read(without) {
				t.Errorf("%s: %s reads %v with categories and %v without", c.code, ch.code, ch.read(with), ch.read(without))
			}
		}
	}
}
