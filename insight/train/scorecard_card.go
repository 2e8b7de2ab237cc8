package train

import (
	"fmt"
	"io"
	"math"
	"strings"

	"openbank/insight/kpi"
	"openbank/insight/score"
)

// WriteCard writes a model as insight/score/data/scorecard_card.md: for each
// kind, the base points of each variant and, for every characteristic, its
// bins with their training counts, weight of evidence and points per variant.
func WriteCard(w io.Writer, m *score.ScorecardModel) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Scorecards %s@%s\n\n", m.Name, m.Version)
	fmt.Fprintf(&b, "Fitted on the applicants the minimum scoring criteria let through of %d drawn of each kind (seed %d, scored %d months after the histories open), categorised by %s.\n",
		m.Population.Size, m.Population.Seed, m.Population.Months, categorisedBy(m))
	fmt.Fprintf(&b, "Raw points = base points + the points of each characteristic's bin: the regression's log-odds as points.\n"+
		"The calibration below maps them to pd12m, and the score is pd12m's points, rounded and clamped to 0-1000;\n"+
		"%.0f points at good:bad odds of %.0f:1 and %.0f more points each time the odds double.\n"+
		"A value falls in the bin whose range holds it; shares are fractions (0.25 is 25 %%).\n"+
		"Regenerated from data/scorecard_model.json and checked by TestScorecardValidation.\n", m.BaseScore, m.BaseOdds, m.PDO)
	for _, card := range []*score.Scorecard{m.Consumer, m.Business} {
		writeCard(&b, m, card)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// categorisedBy says where the training population's categories came from.
func categorisedBy(m *score.ScorecardModel) string {
	if m.Categoriser == "" {
		return "the generators' true categories"
	}
	return "the categoriser " + m.Categoriser
}

// writeCard writes one kind's base points and characteristics.
func writeCard(b *strings.Builder, m *score.ScorecardModel, card *score.Scorecard) {
	chars := score.Characteristics(card.Kind)
	fmt.Fprintf(b, "\n## %s model\n\n%d training subjects, default rate %.4f.\n\n", card.Kind, card.Trained, card.DefaultRate)
	b.WriteString("| variant | base points |\n|---|---|\n")
	for _, fit := range card.Variants {
		fmt.Fprintf(b, "| %s | %.0f |\n", fit.Variant, math.Round(m.BaseScore-m.Factor()*(fit.Intercept+math.Log(m.BaseOdds)))+0)
	}
	writeCalibration(b, m, card)
	for j, f := range card.Characteristics {
		c := &chars[j]
		fmt.Fprintf(b, "\n### %s\n\n%s Needs: %s. Riskier when %s.\n\n", f.Code,
			fmt.Sprintf(c.Text, "x"), needsText(c.Needs), map[bool]string{true: "higher", false: "lower"}[c.HigherRiskier])
		b.WriteString("| x | subjects | default rate | WoE |")
		for _, fit := range card.Variants {
			fmt.Fprintf(b, " %s |", fit.Variant)
		}
		b.WriteString("\n|---|---|---|---|" + strings.Repeat("---|", len(card.Variants)) + "\n")
		for k := range f.WoE {
			fmt.Fprintf(b, "| %s | %d | %.4f | %.4f |", binRange(f.Cuts, k), f.Count[k], kpi.Share(int64(f.Bads[k]), int64(f.Count[k])), f.WoE[k])
			for _, fit := range card.Variants {
				fmt.Fprintf(b, " %.0f |", math.Round(m.Factor()*fit.Coefficients[j]*f.WoE[k])+0)
			}
			b.WriteString("\n")
		}
	}
}

// needsText names what a characteristic needs beyond balances and amounts.
func needsText(n score.Need) string {
	switch n {
	case score.NeedsCategories:
		return "categories"
	case score.NeedsCreditLine:
		return "credit lines"
	}
	return "balances and amounts only"
}

// binRange prints the range of bin k of a characteristic cut at cuts.
func binRange(cuts []float64, k int) string {
	switch {
	case len(cuts) == 0:
		return "any"
	case k == 0:
		return fmt.Sprintf("< %g", cuts[0])
	case k == len(cuts):
		return fmt.Sprintf("≥ %g", cuts[k-1])
	}
	return fmt.Sprintf("%g to < %g", cuts[k-1], cuts[k])
}

// writeCalibration writes each variant's calibration: the knots from raw
// points (the regression's log-odds) to pd12m.
func writeCalibration(b *strings.Builder, m *score.ScorecardModel, card *score.Scorecard) {
	b.WriteString("\nCalibration (isotonic on out-of-fold predictions; straight on between knots and beyond them):\n\n" +
		"| variant | raw points → pd12m at each knot | slope beyond |\n|---|---|---|\n")
	for _, fit := range card.Variants {
		c := fit.Calibration
		knots := make([]string, len(c.Raw))
		for i := range c.Raw {
			knots[i] = fmt.Sprintf("%.0f → %.4f", m.BaseScore-m.Factor()*(c.Raw[i]+math.Log(m.BaseOdds)), 1/(1+math.Exp(-c.Logit[i])))
		}
		fmt.Fprintf(b, "| %s | %s | %.4f |\n", fit.Variant, strings.Join(knots, ", "), c.Slope)
	}
}
