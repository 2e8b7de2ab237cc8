package report

import "strconv"

// gamblingTable prints the gambling operators, the uncertain ones in grey.
func (d *reportDoc) gamblingTable() {
	gs := d.r.Gambling
	d.section("Gambling", tableNeed(len(gs)))
	if len(gs) == 0 {
		d.none("No gambling over the period.")
		return
	}
	cols := []column{{"Operator", 56, "L"}, {"Bets", 16, "R"}, {"Staked", 27, "R"}, {"Won", 27, "R"},
		{"First", 27, "R"}, {"Last", 27, "R"}}
	rows := make([][]string, 0, len(gs))
	for _, g := range gs {
		rows = append(rows, []string{marked(orDash(g.Name), g.Uncertain), strconv.Itoa(g.Bets), g.Staked.Format(d.r.Currency),
			g.Won.Format(d.r.Currency), longDate(g.FirstDate), longDate(g.LastDate)})
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
	d.section("Debt collectors", tableNeed(len(cs)))
	if len(cs) == 0 {
		d.none("No payment to a debt collector over the period.")
		return
	}
	cols := []column{{"Agency", 64, "L"}, {"Payments", 20, "R"}, {"Paid", 32, "R"}, {"First", 32, "R"},
		{"Last", 32, "R"}}
	rows := make([][]string, 0, len(cs))
	for _, c := range cs {
		rows = append(rows, []string{marked(orDash(c.Name), c.Uncertain), strconv.Itoa(c.Payments), c.Paid.Format(d.r.Currency),
			longDate(c.FirstDate), longDate(c.LastDate)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if cs[i].Uncertain {
			return &inkMuted
		}
		return &inkAlert
	})
}
