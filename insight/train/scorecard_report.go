package train

import (
	"fmt"
	"io"
	"strings"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// WriteMarkdown writes the validation as the tables of
// insight/score/data/scorecard_validation.md: the populations, the
// discrimination per kind and variant, the lift that categories give, the
// score against the lowest balance alone, the calibration by band and by
// decile of each variant.
func (v *Validation) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Scorecard validation\n\nHoldout: %d applicants of each kind drawn, seed %d, scored %d months after the histories open,\n",
		v.Holdout.Size, v.Holdout.Seed, v.Holdout.Months)
	b.WriteString("apart from the training population; the minimum scoring criteria refuse some, and only the scored are measured.\n" +
		"Regenerated and checked by TestScorecardValidation.\n\n")
	b.WriteString("| model | variant | scored | defaults | AUC | KS | Gini |\n|---|---|---|---|---|---|---|\n")
	for _, r := range v.Rows {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %.4f | %.4f | %.4f |\n", r.Kind, r.Variant, r.Subjects, r.Defaults, r.AUC, r.KS, r.Gini)
	}
	b.WriteString("\nWhat categorised features add:\n\n| model | credit lines | AUC with | AUC without | AUC gain | Gini gain |\n|---|---|---|---|---|---|\n")
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		for _, pair := range [][3]string{{"known", score.VariantFull, score.VariantNoCategories}, {"unknown", score.VariantNoCreditLine, score.VariantBasic}} {
			with, without := v.Row(kind, pair[1]), v.Row(kind, pair[2])
			fmt.Fprintf(&b, "| %s | %s | %.4f | %.4f | %+.4f | %+.1f %% |\n", kind, pair[0], with.AUC, without.AUC,
				with.AUC-without.AUC, 100*(with.Gini/without.Gini-1))
		}
	}
	b.WriteString("\nAgainst the lowest balance of the scoring year alone (a lower balance ranked riskier):\n\n" +
		"| model | AUC of the lowest balance | AUC of the score (full) | AUC of the score (basic) |\n|---|---|---|---|\n")
	for _, r := range v.MinBalance {
		fmt.Fprintf(&b, "| %s | %.4f | %.4f | %.4f |\n", r.Kind, r.AUC, v.Row(r.Kind, score.VariantFull).AUC, v.Row(r.Kind, score.VariantBasic).AUC)
	}
	for _, r := range v.Rows {
		fmt.Fprintf(&b, "\n## %s, %s: calibration by band\n\n| band | subjects | mean pd | default rate |\n|---|---|---|---|\n", r.Kind, r.Variant)
		for _, band := range r.Bands {
			fmt.Fprintf(&b, "| %s | %d | %.4f | %.4f |\n", band.Band, band.Subjects, band.MeanPD, band.DefaultRate)
		}
	}
	b.WriteString("\n## Not scored\n\n| population | model | reason | applicants |\n|---|---|---|---|\n")
	for _, r := range v.Refusals {
		fmt.Fprintf(&b, "| %s | %s | %s | %d |\n", r.Population, r.Kind, r.Reason, r.Subjects)
	}
	writeSegments(&b, "training population", v.Training, false)
	writeSegments(&b, "holdout, with the full variant's mean prediction", v.Segments, true)
	for _, r := range v.Rows {
		fmt.Fprintf(&b, "\n## %s, %s: deciles by predicted pd\n\n| decile | subjects | mean pd | default rate |\n|---|---|---|---|\n", r.Kind, r.Variant)
		for d, dec := range r.Deciles {
			fmt.Fprintf(&b, "| %d | %d | %.4f | %.4f |\n", d+1, dec.Subjects, dec.MeanPD, dec.DefaultRate)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSegments writes the applicant mix of a population.
func writeSegments(b *strings.Builder, title string, rows []SegmentRow, predicted bool) {
	fmt.Fprintf(b, "\n## Segments of the %s\n\n| model | segment | drawn | scored | default rate |", title)
	if predicted {
		b.WriteString(" mean pd |\n|---|---|---|---|---|---|\n")
	} else {
		b.WriteString("\n|---|---|---|---|---|\n")
	}
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s | %d | %d | %.4f |", r.Kind, r.Segment, r.Drawn, r.Scored, r.DefaultRate)
		if predicted {
			fmt.Fprintf(b, " %.4f |", r.MeanPD)
		}
		b.WriteString("\n")
	}
}

// Row returns the row of a kind and variant.
func (v *Validation) Row(kind ledger.SubjectKind, variant string) ValidationRow {
	for _, r := range v.Rows {
		if r.Kind == kind && r.Variant == variant {
			return r
		}
	}
	return ValidationRow{}
}
