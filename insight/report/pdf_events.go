package report

import (
	"strconv"
)

// returnedTable prints the payments given back unpaid.
func (d *reportDoc) returnedTable() {
	rs := d.r.ReturnedPayments
	d.section("report.pdf.section.returnedPayments", tableNeed(len(rs)))
	if len(rs) == 0 {
		d.none("report.pdf.none.noPaymentWasReturnedUnpaid")
		return
	}
	cols := []column{{"report.pdf.col.returned", 22, "L"}, {"report.pdf.col.debited", 22, "L"}, {"report.pdf.col.account", 40, "L"}, {"report.pdf.col.payee", 68, "L"},
		{"report.pdf.col.amount", 28, "R"}}
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		rows = append(rows, []string{d.day(r.Date), d.day(r.DebitDate), d.accountName(r.Account), orDash(r.Party),
			amountIn(d.p, r.Amount, d.r.Currency)})
	}
	d.table(cols, rows, nil)
}

// feeTable prints the bank charges, the uncertain ones in grey.
func (d *reportDoc) feeTable() {
	fs := d.r.Fees
	d.section("report.pdf.section.fees", tableNeed(len(fs)))
	if len(fs) == 0 {
		d.none("report.pdf.none.noBankChargesOverThe")
		return
	}
	cols := []column{{"report.pdf.col.date", 22, "L"}, {"report.pdf.col.account", 30, "L"}, {"report.pdf.col.kind", 36, "L"}, {"report.pdf.col.description", 68, "L"},
		{"report.pdf.col.amount", 24, "R"}}
	rows := make([][]string, 0, len(fs))
	for _, f := range fs {
		rows = append(rows, []string{d.day(f.Date), d.accountName(f.Account), d.marked(categoryLabel(d.p, f.Category), f.Uncertain),
			f.Description, amountIn(d.p, f.Amount, d.r.Currency)})
	}
	d.table(cols, rows, func(i, _ int) *ink {
		if fs[i].Uncertain {
			return &inkMuted
		}
		return nil
	})
}

// overdraftTable prints the spells below zero of current accounts.
func (d *reportDoc) overdraftTable() {
	spells := d.r.Overdrafts
	d.section("report.pdf.section.daysBelowZero", tableNeed(len(spells)))
	if len(spells) == 0 {
		d.none("report.pdf.none.noCurrentAccountEndedA")
		return
	}
	cols := []column{{"report.pdf.col.account", 62, "L"}, {"report.pdf.col.from", 30, "L"}, {"report.pdf.col.to", 30, "L"}, {"report.pdf.col.days", 22, "R"},
		{"report.pdf.col.lowestBalance", 36, "R"}}
	rows := make([][]string, 0, len(spells))
	for _, o := range spells {
		rows = append(rows, []string{d.accountName(o.Account), d.day(o.From), d.day(o.To), strconv.Itoa(o.Days),
			amountIn(d.p, o.Lowest, d.r.Currency)})
	}
	d.table(cols, rows, func(_, j int) *ink {
		if j == 4 {
			return &inkAlert
		}
		return nil
	})
}

// accountName is the name of the report's account of an id, the id itself
// when the report has no such account.
func (d *reportDoc) accountName(id string) string {
	for i := range d.r.Accounts {
		if d.r.Accounts[i].ID == id {
			return d.r.Accounts[i].Name
		}
	}
	return id
}
