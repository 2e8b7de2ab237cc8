package report

import "slices"

// column is one column of a printed table.
type column struct {
	head  string // a catalogue message key, "" for none
	width float64
	align string // L, C or R
}

// tableRow is the height of a table's rows.
const tableRow = 6.0

// tableLook is the height of a table's rows and the size of its text.
type tableLook struct{ row, size float64 }

// The looks of tables: regular, and compact for long lists.
var (
	regularTable = tableLook{row: tableRow, size: 8.5}
	compactTable = tableLook{row: 4.6, size: 7}
)

// table prints a regular table (tableIn).
func (d *reportDoc) table(cols []column, rows [][]string, tint func(row, col int) *ink) {
	d.tableIn(regularTable, cols, rows, tint)
}

// tableIn prints a header row and striped rows, each cell shortened to fit;
// a row that would cross the footer goes to the next page under a new header.
func (d *reportDoc) tableIn(look tableLook, cols []column, rows [][]string, tint func(row, col int) *ink) {
	d.tableHead(look, cols)
	p := d.pdf
	for i, row := range rows {
		if p.GetY()+look.row > pageHeight-footerSpace {
			p.AddPage()
			d.tableHead(look, cols)
		}
		d.fill(inkStripe)
		for j, c := range cols {
			colour := inkText
			if tint != nil && tint(i, j) != nil {
				colour = *tint(i, j)
			}
			d.font("", look.size, colour)
			p.CellFormat(c.width, look.row, d.tr(d.fit(row[j], c.width-3)), "", 0, c.align, i%2 == 1, 0, "")
		}
		p.Ln(look.row)
	}
	d.stroke(inkRule, 0.2)
	p.Line(pageMargin, p.GetY(), pageMargin+tableWidth(cols), p.GetY())
}

// tableHead prints a table's header row, none when no column has a head.
func (d *reportDoc) tableHead(look tableLook, cols []column) {
	if slices.IndexFunc(cols, func(c column) bool { return c.head != "" }) < 0 {
		return
	}
	d.fill(inkHeadFill)
	d.font("B", look.size, inkTitle)
	for _, c := range cols {
		head := ""
		if c.head != "" {
			head = d.p.Text(c.head)
		}
		d.pdf.CellFormat(c.width, look.row+0.5, d.tr(d.fit(head, c.width-3)), "", 0, c.align, true, 0, "")
	}
	d.pdf.Ln(look.row + 0.5)
}

// tableNeed is the height a table needs on a page for its header and its
// first rows (at most four): a longer table continues on the next pages.
func tableNeed(rows int) float64 { return tableRow*1.5 + tableRow*float64(min(rows, 4)) }

// tableWidth adds up the widths of the columns.
func tableWidth(cols []column) float64 {
	var w float64
	for _, c := range cols {
		w += c.width
	}
	return w
}

// accountTable lists the accounts with the days their transactions cover
// and their balances.
func (d *reportDoc) accountTable() {
	d.section("report.pdf.section.accounts", 2*tableRow+tableRow*float64(len(d.r.Accounts)))
	cols := []column{{"report.pdf.col.account", 42, "L"}, {"report.pdf.col.type", 25, "L"}, {"report.pdf.col.iban", 31, "L"},
		{"report.pdf.col.transactionsFirstToNewest", 54, "L"}, {"report.pdf.col.balance", 28, "R"}}
	rows := make([][]string, 0, len(d.r.Accounts))
	for _, a := range d.r.Accounts {
		rows = append(rows, []string{a.Name, accountKindName(d.p, a.Type), orDash(a.IBAN), d.coverage(&a),
			amountIn(d.p, a.Balance, a.Currency)})
	}
	d.table(cols, rows, func(i, j int) *ink {
		if j == 4 && d.r.Accounts[i].Balance < 0 {
			return &inkAlert
		}
		return nil
	})
}

// coverage prints the days an account's transactions cover: "10 Oct 2024 – 15 Nov 2026 (2,109)".
func (d *reportDoc) coverage(a *ReportAccount) string {
	if a.FirstTransaction == nil || a.NewestTransaction == nil {
		return d.p.Text("report.pdf.noTransactions")
	}
	return d.day(*a.FirstTransaction) + " – " + d.day(*a.NewestTransaction) +
		" (" + groupedIn(d.p, a.Transactions) + ")"
}

// orDash is text, or a dash when it is empty.
func orDash(text string) string {
	if text == "" {
		return "–"
	}
	return text
}

// kpiTable prints the key figures over 90 and 365 days.
func (d *reportDoc) kpiTable() {
	d.section("report.pdf.section.keyFigures", 2*tableRow+tableRow*float64(min(len(d.r.KPIs), 8)))
	cols := []column{{"report.pdf.col.figure", 100, "L"}, {"report.pdf.col.last90Days", 40, "R"}, {"report.pdf.col.last365Days", 40, "R"}}
	rows := make([][]string, 0, len(d.r.KPIs))
	for _, k := range d.r.KPIs {
		rows = append(rows, []string{k.Label, k.Last90, k.Last365})
	}
	d.table(cols, rows, nil)
}

// flagTable prints the risk flags, the present ones in red.
func (d *reportDoc) flagTable() {
	d.section("report.pdf.section.riskFlags", 2*tableRow+tableRow*float64(len(d.r.RiskFlags)))
	cols := []column{{"report.pdf.col.flag", 36, "L"}, {"report.pdf.col.present", 18, "C"}, {"report.pdf.col.count", 16, "R"}, {"", 3, "L"}, {"report.pdf.col.detail", 107, "L"}}
	rows := make([][]string, 0, len(d.r.RiskFlags))
	for _, f := range d.r.RiskFlags {
		present := d.p.Text("report.pdf.no")
		if f.Present {
			present = d.p.Text("report.pdf.yes")
		}
		rows = append(rows, []string{f.Label, present, countIn(d.p, f.Count), "", f.Text})
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
