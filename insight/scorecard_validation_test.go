package insight

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateScorecards = flag.Bool("update-scorecards", false,
	"refit the scorecards and rewrite data/scorecard_model.json and data/scorecard_validation.md")

// TestScorecardValidation refits the model from its population seed and
// regenerates the validation table on the holdout, and checks both match
// the committed files (or rewrites them with -update-scorecards).
func TestScorecardValidation(t *testing.T) {
	if testing.Short() {
		t.Skip("draws thousands of subjects")
	}
	var model bytes.Buffer
	if err := TrainScorecards(&model, DefaultScorecardTraining); err != nil {
		t.Fatal(err)
	}
	compareOrWrite(t, "data/scorecard_model.json", model.Bytes())
	m, err := ReadScorecards(model.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	holdout, err := DrawPopulations(HoldoutOf(m.Population))
	if err != nil {
		t.Fatal(err)
	}
	v := ValidateScorecards(m, holdout)
	var table bytes.Buffer
	if err := v.WriteMarkdown(&table); err != nil {
		t.Fatal(err)
	}
	compareOrWrite(t, "data/scorecard_validation.md", table.Bytes())
	for _, kind := range []SubjectKind{ConsumerSubject, BusinessSubject} {
		full, blind := v.row(kind, VariantFull), v.row(kind, VariantNoCategories)
		t.Logf("%s: AUC %.4f with categories, %.4f without", kind, full.AUC, blind.AUC)
		if full.AUC < 0.85 || full.AUC <= blind.AUC {
			t.Errorf("%s: AUC %.4f with categories, %.4f without; want at least 0.85 and a lift", kind, full.AUC, blind.AUC)
		}
	}
}

// compareOrWrite checks that a committed file holds got, or writes it.
func compareOrWrite(t *testing.T, path string, got []byte) {
	t.Helper()
	if *updateScorecards {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code regenerates; rerun with -update-scorecards and review", path)
	}
}
