package score_test

import (
	"testing"

	"openbank/banks"
	"openbank/insight/kpi"
	"openbank/insight/ledger"
	"openbank/insight/score"
	"openbank/insight/train"
)

// TestUncategorisedFeaturesIgnoreCategories checks that the characteristics
// the no-categories variants use read the same with and without categories,
// so validating those variants on categorised KPIs is honest.
func TestUncategorisedFeaturesIgnoreCategories(t *testing.T) {
	for _, c := range []struct {
		code string
		kind ledger.SubjectKind
	}{{banks.ConsumerHighRisk, ledger.ConsumerSubject}, {banks.ConsumerMultiAccount, ledger.ConsumerSubject}, {banks.BusinessHighRisk, ledger.BusinessSubject}} {
		l, err := train.MockLedger(c.code, c.kind, 5, scoreNow, nil)
		if err != nil {
			t.Fatal(err)
		}
		with := score.CharacteristicValues(c.kind, kpi.ComputeKPIs(l, scoreNow))
		without := score.CharacteristicValues(c.kind, kpi.ComputeKPIs(withoutCategories(l), scoreNow))
		for j, ch := range score.Characteristics(c.kind) {
			if ch.Needs != score.NeedsCategories && with[j] != without[j] {
				t.Errorf("%s: %s reads %v with categories and %v without", c.code, ch.Code, with[j], without[j])
			}
		}
	}
}
