package train

import (
	"fmt"
	"io"
	"strings"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// WriteSummary writes what docs/insight.md shows of the validation: the
// discrimination of the full and no-categories variants, the lift from
// categories, the score against the lowest balance alone, the calibration
// by band of both variants, and the holdout's segments.
func (v *Validation) WriteSummary(w io.Writer) error {
	var b strings.Builder
	kinds := []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject}
	b.WriteString("\n| model | scored | defaults | AUC full | AUC no-categories | Gini gain from categories | AUC of the lowest balance alone |\n|---|---|---|---|---|---|---|\n")
	for _, kind := range kinds {
		full, blind := v.Row(kind, score.VariantFull), v.Row(kind, score.VariantNoCategories)
		fmt.Fprintf(&b, "| %s | %d | %d (%.1f %%) | %.4f | %.4f | %+.1f %% | %.4f |\n", kind, full.Subjects, full.Defaults,
			100*float64(full.Defaults)/float64(max(1, full.Subjects)), full.AUC, blind.AUC, 100*(full.Gini/blind.Gini-1), v.baseline(kind))
	}
	b.WriteString("\nCalibration by band on the holdout: subjects, mean predicted pd12m / observed default rate.\n\n" +
		"| band | consumer, full | consumer, no-categories | business, full | business, no-categories |\n|---|---|---|---|---|\n")
	rows := []ValidationRow{v.Row(ledger.ConsumerSubject, score.VariantFull), v.Row(ledger.ConsumerSubject, score.VariantNoCategories),
		v.Row(ledger.BusinessSubject, score.VariantFull), v.Row(ledger.BusinessSubject, score.VariantNoCategories)}
	for i, band := range []string{"A", "B", "C", "D", "E"} {
		fmt.Fprintf(&b, "| %s |", band)
		for _, r := range rows {
			if i < len(r.Bands) {
				fmt.Fprintf(&b, " %d: %.4f / %.4f |", r.Bands[i].Subjects, r.Bands[i].MeanPD, r.Bands[i].DefaultRate)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\nThe holdout's segments (full variant): scored of drawn, observed default rate / mean predicted pd12m.\n\n" +
		"| segment | consumers | businesses |\n|---|---|---|\n")
	for _, seg := range segments {
		var cells [2]string
		for k, kind := range kinds {
			cells[k] = "—"
			for _, r := range v.Segments {
				if r.Kind == kind && r.Segment == seg.name && r.Scored > 0 {
					cells[k] = fmt.Sprintf("%d of %d: %.4f / %.4f", r.Scored, r.Drawn, r.DefaultRate, r.MeanPD)
				}
			}
		}
		if cells != [2]string{"—", "—"} {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", seg.name, cells[0], cells[1])
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// baseline returns the AUC of the lowest balance alone for a kind.
func (v *Validation) baseline(kind ledger.SubjectKind) float64 {
	for _, r := range v.MinBalance {
		if r.Kind == kind {
			return r.AUC
		}
	}
	return 0
}
