package report

// qualitySection prints how old the data is and how far its categories can
// be trusted, the stale warning in red.
func (d *reportDoc) qualitySection() {
	f, q := &d.r.Freshness, &d.r.Categorisation
	rows := [][]string{
		{d.p.Text("report.pdf.quality.newest"), d.p.Plural("report.pdf.quality.age", f.AgeDays, "day", d.day(f.NewestTransaction))},
		{d.p.Text("report.pdf.quality.uncategorised"), d.p.Text("report.pdf.quality.uncategorisedShare",
			"part", groupedIn(d.p, q.Uncategorised), "whole", groupedIn(d.p, q.Transactions), "share", percentIn(d.p, q.UncategorisedShare))},
		{d.p.Text("report.pdf.quality.uncertain"), d.p.Plural("report.pdf.quality.uncertainShare", q.UncertainCount,
			"amount", amountIn(d.p, q.UncertainAmount, d.r.Currency), "share", percentIn(d.p, q.UncertainShare))},
	}
	if f.FutureDated > 0 {
		rows = append(rows, []string{d.p.Text("report.pdf.quality.future"), d.p.Plural("report.pdf.quality.leftOut", f.FutureDated)})
	}
	d.section("report.pdf.section.dataFreshnessAndQuality", 3*tableRow+tableRow*float64(len(rows)))
	d.table([]column{{"", 48, "L"}, {"", 132, "L"}}, rows, func(i, _ int) *ink {
		if f.Stale && i == 0 {
			return &inkAlert
		}
		return nil
	})
	if f.Stale {
		d.pdf.Ln(1.5)
		d.font("B", 8.5, inkAlert)
		d.pdf.MultiCell(contentWidth, 4.5, d.tr(f.Warning), "", "L", false)
	}
}
