package train

import (
	"fmt"
	"io"
	"strings"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// WriteMarkdown writes the validation as the tables of
// insight/score/data/scorecard_validation.md: discrimination per kind and
// variant, the lift that categories give, and the decile calibration of each
// variant.
func (v *Validation) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Scorecard validation\n\nHoldout: %d subjects of each kind, seed %d, %d months of history,\n",
		v.Holdout.Size, v.Holdout.Seed, v.Holdout.Months)
	b.WriteString("drawn apart from the training population. Regenerated and checked by TestScorecardValidation.\n\n")
	b.WriteString("| model | variant | subjects | defaults | AUC | KS | Gini |\n|---|---|---|---|---|---|---|\n")
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
	for _, r := range v.Rows {
		fmt.Fprintf(&b, "\n## %s, %s: deciles by predicted pd\n\n| decile | subjects | mean pd | default rate |\n|---|---|---|---|\n", r.Kind, r.Variant)
		for d, dec := range r.Deciles {
			fmt.Fprintf(&b, "| %d | %d | %.4f | %.4f |\n", d+1, dec.Subjects, dec.MeanPD, dec.DefaultRate)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
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
