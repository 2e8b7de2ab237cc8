package report

import (
	"strconv"

	"openbank/insight/ledger"
)

// detailPart starts the part of the report that lists what lies behind the
// summary, on a new page unless half of this one is free.
func (d *reportDoc) detailPart() {
	p := d.pdf
	if p.GetY() > pageHeight/2 {
		p.AddPage()
	} else {
		p.Ln(6)
	}
	d.font("B", 14, inkTitle)
	p.CellFormat(contentWidth, 8, d.tr(d.p.Text("report.pdf.detail")), "", 1, "L", false, 0, "")
	d.note(d.p.Text("report.pdf.note.whatLiesBehindTheSummary"))
}

// incomeTable prints the income of the period and its payers.
func (d *reportDoc) incomeTable() {
	in, c := &d.r.Income, d.r.Currency
	d.section("report.pdf.section.incomeSources", tableNeed(len(in.Sources))+5)
	text := d.p.Text("report.pdf.income", "total", amountIn(d.p, in.Total, c), "mean", amountIn(d.p, in.MonthlyMean, c),
		"salary", countIn(d.p, in.MonthsWithSalary), "months", countIn(d.p, in.Months))
	if in.Base != in.Total {
		text += " " + d.p.Text("report.pdf.income.base", "base", amountIn(d.p, in.Base, c))
	}
	d.note(text + " " + d.p.Text("report.pdf.income.payers"))
	if len(in.Sources) == 0 {
		d.none("report.pdf.none.noPayerPaidMoreThan")
		return
	}
	cols := []column{{"report.pdf.col.payer", 50, "L"}, {"report.pdf.col.category", 26, "L"}, {"report.pdf.col.regularity", 22, "L"}, {"report.pdf.col.count", 12, "R"},
		{"report.pdf.col.total", 24, "R"}, {"report.pdf.col.mean", 24, "R"}, {"report.pdf.col.last", 22, "R"}}
	rows := make([][]string, 0, len(in.Sources))
	for _, s := range in.Sources {
		rows = append(rows, []string{orDash(s.Payer), categoryLabel(d.p, s.Category), d.cadence(s.Periodicity), strconv.Itoa(s.Count),
			amountIn(d.p, s.Total, c), amountIn(d.p, s.Mean, c), d.day(s.LastDate)})
	}
	d.table(cols, rows, nil)
}

// lenderTable prints the lenders of the period.
func (d *reportDoc) lenderTable() {
	ls := d.r.Lenders
	d.section("report.pdf.section.lendersBuyNowPayLater", tableNeed(len(ls)))
	if len(ls) == 0 {
		d.none("report.pdf.none.noCreditRepaidOrReceived")
		return
	}
	cols := []column{{"report.pdf.col.lender", 56, "L"}, {"report.pdf.col.kind", 32, "L"}, {"report.pdf.col.repaidPayments", 35, "R"},
		{"report.pdf.col.receivedAdvances", 35, "R"}, {"report.pdf.col.last", 22, "R"}}
	rows := make([][]string, 0, len(ls))
	for _, l := range ls {
		rows = append(rows, []string{d.marked(orDash(l.Name), l.Uncertain), d.p.Text(lenderKind(l.Category)),
			d.counted(l.Repaid, l.Repayments), d.counted(l.Received, l.Advances), d.day(l.LastDate)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if ls[i].Uncertain {
			return &inkMuted
		}
		if ls[i].Category == ledger.CreditPayday {
			return &inkAlert
		}
		return nil
	})
}

// lenderKind is the catalogue message that names the kind of credit a lender gave.
func lenderKind(code string) string {
	switch code {
	case ledger.CreditPayday:
		return "report.pdf.lender.payday"
	case ledger.CreditBNPL:
		return "report.pdf.lender.bnpl"
	case ledger.CreditCard:
		return "report.pdf.lender.card"
	case ledger.CreditMortgage:
		return "report.pdf.lender.mortgage"
	case ledger.CreditStudent:
		return "report.pdf.lender.student"
	case ledger.CreditLoan:
		return "report.pdf.lender.loan"
	}
	return "report.pdf.lender.lentOnly"
}

// recurringTable prints the payments that recur.
func (d *reportDoc) recurringTable() {
	rs, c := d.r.Recurring, d.r.Currency
	d.section("report.pdf.section.recurringPayments", tableNeed(len(rs)))
	if len(rs) == 0 {
		d.none("report.pdf.none.noPaymentRecurs")
		return
	}
	cols := []column{{"report.pdf.col.payee", 46, "L"}, {"report.pdf.col.category", 36, "L"}, {"report.pdf.col.cadence", 20, "L"}, {"report.pdf.col.amount", 22, "R"},
		{"report.pdf.col.count", 12, "R"}, {"report.pdf.col.last", 22, "R"}, {"report.pdf.col.nextDue", 22, "R"}}
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		rows = append(rows, []string{r.Payee, orDash(categoryLabel(d.p, r.Category)), d.cadence(r.Cadence), amountIn(d.p, r.Amount, c),
			strconv.Itoa(r.Count), d.day(r.LastDate), d.day(r.NextExpected)})
	}
	d.table(cols, rows, nil)
}

// counted prints an amount and how many payments made it: "£540.00 (3)".
func (d *reportDoc) counted(a Amount, n int) string {
	return amountIn(d.p, a, d.r.Currency) + " (" + countIn(d.p, n) + ")"
}

// none prints that a list is empty, the catalogue message key.
func (d *reportDoc) none(key string) {
	d.font("", 8.5, inkText)
	d.pdf.CellFormat(contentWidth, tableRow, d.tr(d.p.Text(key)), "", 1, "L", false, 0, "")
}

// marked adds "(uncertain)" to the name of a row whose category the categoriser was not sure of.
func (d *reportDoc) marked(name string, uncertain bool) string {
	if uncertain {
		return d.p.Text("report.pdf.uncertain", "name", name)
	}
	return name
}

// cadenceKeys are the catalogue messages of the cadences payments recur at.
var cadenceKeys = map[string]string{"weekly": "report.pdf.cadence.weekly", "fortnightly": "report.pdf.cadence.fortnightly",
	"monthly": "report.pdf.cadence.monthly", "quarterly": "report.pdf.cadence.quarterly",
	"annual": "report.pdf.cadence.annual", "irregular": "report.pdf.cadence.irregular"}

// cadence names how often a payment recurs in the report's language.
func (d *reportDoc) cadence(name string) string {
	if key, ok := cadenceKeys[name]; ok {
		return d.p.Text(key)
	}
	return name
}
