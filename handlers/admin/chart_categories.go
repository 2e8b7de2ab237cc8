package admin

import (
	"fmt"
	"strconv"

	"openbank/insight/report"
	"openbank/views"
)

// Geometry of the category chart: one row per category, its name on the
// left, its bar and amount on the right.
const (
	categoryShown = 8 // categories drawn by name; the rest are "Other"
	categoryRow   = 26.0
	categoryBarX  = 170.0
	categoryBarW  = 230.0
)

// categoryChart draws spending by category as horizontal bars, the
// largest eight by name and the rest as one.
func categoryChart(r *report.Report) views.AdminChart {
	shares := foldShares(r.Categories)
	c := views.AdminChart{ID: "categories-chart", Title: "Spending by category",
		Desc:   fmt.Sprintf("Horizontal bars of the spending of the %d largest categories over the period, largest first.", len(shares)),
		Height: coord(float64(max(1, len(shares)))*categoryRow + 4)}
	var top report.Amount
	for _, sh := range shares {
		top = max(top, sh.Amount)
	}
	for i, sh := range shares {
		y := float64(i)*categoryRow + 4
		w := 0.0
		if top > 0 {
			w = categoryBarW * float64(sh.Amount) / float64(top)
		}
		c.Desc += fmt.Sprintf(" %s: %s.", sh.Label, sh.Amount.Format(r.Currency))
		c.Bars = append(c.Bars, views.AdminBar{X: coord(categoryBarX), Y: coord(y + 4), W: coord(w), H: coord(categoryRow - 10),
			Fill: inkCategory, Title: sh.Label + ": " + sh.Amount.Format(r.Currency)})
		c.Labels = append(c.Labels, views.AdminLabel{X: coord(categoryBarX - 8), Y: coord(y + 17), Anchor: "end", Text: sh.Label},
			views.AdminLabel{X: coord(categoryBarX + w + 6), Y: coord(y + 17), Anchor: "start", Text: sh.Amount.FormatWhole(r.Currency)})
	}
	return c
}

// foldShares keeps the largest categories by name and sums the rest as
// Other; the service lists them largest first.
func foldShares(all []report.CategoryShare) []report.CategoryShare {
	if len(all) <= categoryShown {
		return all
	}
	out := append([]report.CategoryShare(nil), all[:categoryShown-1]...)
	other := report.CategoryShare{Code: "other", Label: "Other"}
	for _, sh := range all[categoryShown-1:] {
		other.Amount += sh.Amount
		other.Share += sh.Share
	}
	return append(out, other)
}

// shareRows are every category's figures.
func shareRows(r *report.Report) []views.AdminShareRow {
	out := make([]views.AdminShareRow, 0, len(r.Categories))
	for _, sh := range r.Categories {
		out = append(out, views.AdminShareRow{Label: sh.Label, Amount: sh.Amount.Format(r.Currency),
			Share: strconv.FormatFloat(sh.Share*100, 'f', 1, 64) + " %"})
	}
	return out
}
