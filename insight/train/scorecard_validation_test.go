package train

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

var updateScorecards = flag.Bool("update-scorecards", false,
	"refit the scorecards and rewrite ../score/data/scorecard_model.json, scorecard_validation.md and scorecard_card.md")

// TestScorecardValidation refits the model from its population seed,
// regenerates its card and the validation table on the holdout, and checks
// all three match the committed files (or rewrites them with -update-scorecards).
func TestScorecardValidation(t *testing.T) {
	if testing.Short() {
		t.Skip("draws thousands of subjects")
	}
	b, err := BuildScorecards(DefaultScorecardTraining, nil)
	if err != nil {
		t.Fatal(err)
	}
	compareOrWrite(t, "../score/data/scorecard_model.json", b.ModelJSON)
	compareOrWrite(t, "../score/data/scorecard_validation.md", b.Table)
	compareOrWrite(t, "../score/data/scorecard_card.md", b.Card)
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		full, blind := b.Validation.Row(kind, score.VariantFull), b.Validation.Row(kind, score.VariantNoCategories)
		t.Logf("%s: AUC %.4f with categories, %.4f without", kind, full.AUC, blind.AUC)
		if full.AUC < 0.85 || full.AUC <= blind.AUC {
			t.Errorf("%s: AUC %.4f with categories, %.4f without; want at least 0.85 and a lift", kind, full.AUC, blind.AUC)
		}
	}
}

// TestTrainScorecardsWritesTheModelFile checks that the one-step training
// writes what the build does, on a small population.
func TestTrainScorecardsWritesTheModelFile(t *testing.T) {
	opts := ScorecardTrainOptions{Population: score.PopulationOptions{Seed: 7, Size: 60, Months: 13}, Version: "test"}
	var got bytes.Buffer
	if err := TrainScorecards(&got, opts); err != nil {
		t.Fatal(err)
	}
	var steps []string
	b, err := BuildScorecards(opts, func(step string, done, total int) {
		if done == total {
			steps = append(steps, step)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), b.ModelJSON) {
		t.Error("TrainScorecards and BuildScorecards wrote different model files")
	}
	if len(steps) != 4 {
		t.Errorf("progress finished %d steps, want 4: %q", len(steps), steps)
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
