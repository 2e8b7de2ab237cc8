package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"openbank/insight/score"
)

// TestCategoriserReproducesTheEmbeddedModel trains with the command's flags
// as the default run from the repository's root would, and finds the
// embedded model.
func TestCategoriserReproducesTheEmbeddedModel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "model.bin.gz")
	var stdout bytes.Buffer
	err := run([]string{"categoriser", "--out", out, "--tune", "../../insight/categorise/testdata/eval*_tune.tsv"}, &stdout, &stdout)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../insight/categorise/data/model.bin.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || !strings.Contains(stdout.String(), "trained on ") {
		t.Errorf("wrote %d bytes, the embedded model has %d; printed %q", len(got), len(want), stdout.String())
	}
}

// TestScorecardsWritesTheThreeFiles fits a small population and checks that
// the model file reads back and the card and validation are written.
func TestScorecardsWritesTheThreeFiles(t *testing.T) {
	dir := t.TempDir()
	model, table, card := filepath.Join(dir, "model.json"), filepath.Join(dir, "validation.md"), filepath.Join(dir, "card.md")
	var stdout bytes.Buffer
	err := run([]string{"scorecards", "--size", "20", "--model-version", "test",
		"--model", model, "--validation", table, "--card", card}, &stdout, &stdout)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	m, err := score.ReadScorecards(data)
	if err != nil || m.Version != "test" || m.Population.Size != 20 {
		t.Fatalf("model file: %+v, %v", m, err)
	}
	for _, f := range []struct{ path, heading string }{{table, "# Scorecard validation"}, {card, "# Scorecards "}} {
		text, err := os.ReadFile(f.path)
		if err != nil || !strings.HasPrefix(string(text), f.heading) {
			t.Errorf("%s: %.40q, %v", f.path, text, err)
		}
	}
	if !strings.Contains(stdout.String(), "holdout: 20 subjects of each kind") {
		t.Errorf("no validation printed: %q", stdout.String())
	}
}

func TestRunRefuses(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"train"},
		{"scorecards", "--size", "19"},
		{"scorecards", "--months", "11"},
		{"categoriser", "extra"},
	} {
		var out bytes.Buffer
		if err := run(args, &out, &out); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
}
