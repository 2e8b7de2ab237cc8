package report

import "strconv"

// gamblingTable prints the gambling operators, the uncertain ones in grey.
func (d *reportDoc) gamblingTable() {
	gs := d.r.Gambling
	d.section("report.pdf.section.gambling", tableNeed(len(gs)))
	if len(gs) == 0 {
		d.none("report.pdf.none.noGamblingOverThePeriod")
		return
	}
	cols := []column{{"report.pdf.col.operator", 56, "L"}, {"report.pdf.col.bets", 16, "R"}, {"report.pdf.col.staked", 27, "R"}, {"report.pdf.col.won", 27, "R"},
		{"report.pdf.col.first", 27, "R"}, {"report.pdf.col.last", 27, "R"}}
	rows := make([][]string, 0, len(gs))
	for _, g := range gs {
		rows = append(rows, []string{d.marked(orDash(g.Name), g.Uncertain), strconv.Itoa(g.Bets), amountIn(d.p, g.Staked, d.r.Currency),
			amountIn(d.p, g.Won, d.r.Currency), d.day(g.FirstDate), d.day(g.LastDate)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if gs[i].Uncertain {
			return &inkMuted
		}
		return nil
	})
}

// collectorTable prints the payments to debt collectors.
func (d *reportDoc) collectorTable() {
	cs := d.r.DebtCollectors
	d.section("report.pdf.section.debtCollectors", tableNeed(len(cs)))
	if len(cs) == 0 {
		d.none("report.pdf.none.noPaymentToADebt")
		return
	}
	cols := []column{{"report.pdf.col.agency", 64, "L"}, {"report.pdf.col.payments", 20, "R"}, {"report.pdf.col.paid", 32, "R"}, {"report.pdf.col.first", 32, "R"},
		{"report.pdf.col.last", 32, "R"}}
	rows := make([][]string, 0, len(cs))
	for _, c := range cs {
		rows = append(rows, []string{d.marked(orDash(c.Name), c.Uncertain), strconv.Itoa(c.Payments), amountIn(d.p, c.Paid, d.r.Currency),
			d.day(c.FirstDate), d.day(c.LastDate)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if cs[i].Uncertain {
			return &inkMuted
		}
		return &inkAlert
	})
}
