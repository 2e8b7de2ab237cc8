package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"openbank/insight/ledger"
	"openbank/insight/score"
	"openbank/insight/train"
)

// scorecardsFlags is `insight-train scorecards`: draws the persona
// population, fits both scorecards and writes the model, its card and its
// validation.
func scorecardsFlags(fs *flag.FlagSet) func(stdout io.Writer) error {
	def := train.DefaultScorecardTraining
	seed := fs.Int64("seed", def.Population.Seed, "seed of the training population; the holdout uses seed+1")
	size := fs.Int("size", def.Population.Size, "subjects of each kind in the training population and in the holdout")
	months := fs.Int("months", def.Population.Months, "months of history each subject is scored on (12 or more)")
	truth := fs.Bool("true-categories", false, "keep the generators' true categories instead of categorising as the ingest does")
	version := fs.String("model-version", def.Version, "version written into the model file")
	model := fs.String("model", "insight/score/data/scorecard_model.json", "where to write the model file")
	table := fs.String("validation", "insight/score/data/scorecard_validation.md", "where to write the validation table")
	card := fs.String("card", "insight/score/data/scorecard_card.md", "where to write the scorecards' bins and points")
	return func(stdout io.Writer) error {
		if *size < 20 || *months < 12 {
			return errors.New("--size must be at least 20 and --months at least 12")
		}
		opts := train.ScorecardTrainOptions{Version: *version, Population: score.PopulationOptions{
			Seed: *seed, Size: *size, Months: *months, TrueCategories: *truth}}
		b, err := train.BuildScorecards(opts, func(step string, done, total int) {
			fmt.Fprintf(stdout, "drawing %s: %d/%d\n", step, done, total)
		})
		if err != nil {
			return err
		}
		for _, f := range []struct {
			path string
			data []byte
		}{{*model, b.ModelJSON}, {*table, b.Table}, {*card, b.Card}} {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil { //nolint:gosec // G306: model files are committed to the repository and read by everyone
				return err
			}
			fmt.Fprintf(stdout, "wrote %s\n", f.path)
		}
		return printValidation(stdout, b.Validation)
	}
}

// printValidation prints the discrimination of each model and variant on the
// holdout, and what categories add.
func printValidation(w io.Writer, v *train.Validation) error {
	fmt.Fprintf(w, "\nholdout: %d subjects of each kind, seed %d\n%-9s %-15s %7s %7s %7s\n",
		v.Holdout.Size, v.Holdout.Seed, "model", "variant", "AUC", "KS", "Gini")
	for _, r := range v.Rows {
		fmt.Fprintf(w, "%-9s %-15s %7.4f %7.4f %7.4f\n", r.Kind, r.Variant, r.AUC, r.KS, r.Gini)
	}
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		with, without := v.Row(kind, score.VariantFull), v.Row(kind, score.VariantNoCategories)
		_, err := fmt.Fprintf(w, "%s: categories add %+.4f AUC (%+.1f%% Gini)\n", kind,
			with.AUC-without.AUC, 100*(with.Gini/without.Gini-1))
		if err != nil {
			return err
		}
	}
	return nil
}
