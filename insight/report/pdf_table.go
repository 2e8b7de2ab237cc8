package report

import "strconv"

// column is one column of a printed table.
type column struct {
	head  string
	width float64
	align string // L, C or R
}

// tableRow is the height of a table's rows.
const tableRow = 6.0

// table prints a header row and striped rows, each cell shortened to fit;
// a row that would cross the footer goes to the next page under a new header.
func (d *reportDoc) table(cols []column, rows [][]string, tint func(row, col int) *ink) {
	d.tableHead(cols)
	p := d.pdf
	for i, row := range rows {
		if p.GetY()+tableRow > pageHeight-footerSpace {
			p.AddPage()
			d.tableHead(cols)
		}
		d.fill(inkStripe)
		for j, c := range cols {
			colour := inkText
			if tint != nil && tint(i, j) != nil {
				colour = *tint(i, j)
			}
			d.font("", 8.5, colour)
			p.CellFormat(c.width, tableRow, d.tr(d.fit(row[j], c.width-3)), "", 0, c.align, i%2 == 1, 0, "")
		}
		p.Ln(tableRow)
	}
	d.stroke(inkRule, 0.2)
	p.Line(pageMargin, p.GetY(), pageMargin+tableWidth(cols), p.GetY())
}

// tableHead prints a table's header row.
func (d *reportDoc) tableHead(cols []column) {
	d.fill(inkHeadFill)
	d.font("B", 8.5, inkTitle)
	for _, c := range cols {
		d.pdf.CellFormat(c.width, tableRow+0.5, d.tr(d.fit(c.head, c.width-3)), "", 0, c.align, true, 0, "")
	}
	d.pdf.Ln(tableRow + 0.5)
}

// tableWidth adds up the widths of the columns.
func tableWidth(cols []column) float64 {
	var w float64
	for _, c := range cols {
		w += c.width
	}
	return w
}

// accountTable lists the accounts with their balances.
func (d *reportDoc) accountTable() {
	d.section("Accounts", 2*tableRow+tableRow*float64(len(d.r.Accounts)))
	cols := []column{{"Account", 52, "L"}, {"Type", 30, "L"}, {"IBAN", 44, "L"}, {"Currency", 20, "C"},
		{"Balance", 34, "R"}}
	rows := make([][]string, 0, len(d.r.Accounts))
	for _, a := range d.r.Accounts {
		iban := a.IBAN
		if iban == "" {
			iban = "–"
		}
		rows = append(rows, []string{a.Name, accountKindName(a.Type), iban, a.Currency, a.Balance.Format(a.Currency)})
	}
	d.table(cols, rows, func(i, j int) *ink {
		if j == 4 && d.r.Accounts[i].Balance < 0 {
			return &inkAlert
		}
		return nil
	})
}

// kpiTable prints the key figures over 90 and 365 days.
func (d *reportDoc) kpiTable() {
	d.section("Key figures", 2*tableRow+tableRow*float64(min(len(d.r.KPIs), 8)))
	cols := []column{{"Figure", 100, "L"}, {"Last 90 days", 40, "R"}, {"Last 365 days", 40, "R"}}
	rows := make([][]string, 0, len(d.r.KPIs))
	for _, k := range d.r.KPIs {
		rows = append(rows, []string{k.Label, k.Last90, k.Last365})
	}
	d.table(cols, rows, nil)
}

// flagTable prints the risk flags, the present ones in red.
func (d *reportDoc) flagTable() {
	d.section("Risk flags", 2*tableRow+tableRow*float64(len(d.r.RiskFlags)))
	cols := []column{{"Flag", 36, "L"}, {"Present", 18, "C"}, {"Count", 16, "R"}, {"", 3, "L"}, {"Detail", 107, "L"}}
	rows := make([][]string, 0, len(d.r.RiskFlags))
	for _, f := range d.r.RiskFlags {
		present := "No"
		if f.Present {
			present = "Yes"
		}
		rows = append(rows, []string{f.Label, present, strconv.Itoa(f.Count), "", f.Text})
	}
	d.table(cols, rows, func(i, j int) *ink {
		switch {
		case j == 1 && d.r.RiskFlags[i].Present:
			return &inkAlert
		case j == 1:
			return &inkOK
		}
		return nil
	})
}
