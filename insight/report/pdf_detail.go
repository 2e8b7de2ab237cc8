package report

import (
	"fmt"
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
	p.CellFormat(contentWidth, 8, "Detail", "", 1, "L", false, 0, "")
	d.note("What lies behind the summary, over the same period; the last section lists the last 90 days of transactions.")
}

// incomeTable prints the income of the period and its payers.
func (d *reportDoc) incomeTable() {
	in, c := &d.r.Income, d.r.Currency
	d.section("Income sources", tableNeed(len(in.Sources))+5)
	text := fmt.Sprintf("Income over the period %s, monthly mean %s; salary in %d of %d months.", in.Total.Format(c),
		in.MonthlyMean.Format(c), in.MonthsWithSalary, in.Months)
	if in.Base != in.Total {
		text += " Shares of income are taken of " + in.Base.Format(c) + ", the least income counted."
	}
	d.note(text + " Payers that paid more than once:")
	if len(in.Sources) == 0 {
		d.none("No payer paid more than once.")
		return
	}
	cols := []column{{"Payer", 50, "L"}, {"Category", 26, "L"}, {"Regularity", 22, "L"}, {"Count", 12, "R"},
		{"Total", 24, "R"}, {"Mean", 24, "R"}, {"Last", 22, "R"}}
	rows := make([][]string, 0, len(in.Sources))
	for _, s := range in.Sources {
		rows = append(rows, []string{orDash(s.Payer), categoryLabel(s.Category), s.Periodicity, strconv.Itoa(s.Count),
			s.Total.Format(c), s.Mean.Format(c), longDate(s.LastDate)})
	}
	d.table(cols, rows, nil)
}

// lenderTable prints the lenders of the period.
func (d *reportDoc) lenderTable() {
	ls := d.r.Lenders
	d.section("Lenders, buy now pay later and payday lenders", tableNeed(len(ls)))
	if len(ls) == 0 {
		d.none("No credit repaid or received over the period.")
		return
	}
	cols := []column{{"Lender", 56, "L"}, {"Kind", 32, "L"}, {"Repaid (payments)", 35, "R"},
		{"Received (advances)", 35, "R"}, {"Last", 22, "R"}}
	rows := make([][]string, 0, len(ls))
	for _, l := range ls {
		rows = append(rows, []string{marked(orDash(l.Name), l.Uncertain), lenderKind(l.Category),
			counted(l.Repaid, l.Repayments, d.r.Currency), counted(l.Received, l.Advances, d.r.Currency), longDate(l.LastDate)})
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

// lenderKind names the kind of credit a lender gave.
func lenderKind(code string) string {
	switch code {
	case ledger.CreditPayday:
		return "Payday loan"
	case ledger.CreditBNPL:
		return "Buy now, pay later"
	case ledger.CreditCard:
		return "Credit card"
	case ledger.CreditMortgage:
		return "Mortgage"
	case ledger.CreditStudent:
		return "Student loan"
	case ledger.CreditLoan:
		return "Loan"
	}
	return "Lent only"
}

// recurringTable prints the payments that recur.
func (d *reportDoc) recurringTable() {
	rs, c := d.r.Recurring, d.r.Currency
	d.section("Recurring payments", tableNeed(len(rs)))
	if len(rs) == 0 {
		d.none("No payment recurs.")
		return
	}
	cols := []column{{"Payee", 46, "L"}, {"Category", 36, "L"}, {"Cadence", 20, "L"}, {"Amount", 22, "R"},
		{"Count", 12, "R"}, {"Last", 22, "R"}, {"Next due", 22, "R"}}
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		rows = append(rows, []string{r.Payee, orDash(categoryLabel(r.Category)), r.Cadence, r.Amount.Format(c),
			strconv.Itoa(r.Count), longDate(r.LastDate), longDate(r.NextExpected)})
	}
	d.table(cols, rows, nil)
}

// counted prints an amount and how many payments made it: "£540.00 (3)".
func counted(a Amount, n int, currency string) string {
	return a.Format(currency) + " (" + strconv.Itoa(n) + ")"
}

// none prints that a list is empty.
func (d *reportDoc) none(text string) {
	d.font("", 8.5, inkText)
	d.pdf.CellFormat(contentWidth, tableRow, d.tr(text), "", 1, "L", false, 0, "")
}

// marked adds "(uncertain)" to the name of a row whose category the categoriser was not sure of.
func marked(name string, uncertain bool) string {
	if uncertain {
		return name + " (uncertain)"
	}
	return name
}
