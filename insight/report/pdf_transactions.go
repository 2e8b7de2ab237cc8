package report

import (
	"time"
)

// pdfTransactions is the most transactions the PDF lists; the JSON report
// lists them all.
const pdfTransactions = 1500

// transactionTable prints the last 90 days of transactions, newest first,
// on as many pages as they need.
func (d *reportDoc) transactionTable() {
	ts := d.r.Transactions
	d.section("report.pdf.section.transactionsOfTheLast90", tableNeed(len(ts)))
	if len(ts) == 0 {
		d.none("report.pdf.none.noTransactionInTheLast")
		return
	}
	if len(ts) > pdfTransactions {
		d.note(d.p.Text("report.pdf.transactions.cut", "shown", countIn(d.p, pdfTransactions), "all", countIn(d.p, len(ts))))
		ts = ts[:pdfTransactions]
	}
	cols := []column{{"report.pdf.col.date", 16, "L"}, {"report.pdf.col.account", 30, "L"}, {"report.pdf.col.description", 78, "L"}, {"report.pdf.col.category", 34, "L"},
		{"report.pdf.col.amount", 22, "R"}}
	rows := make([][]string, 0, len(ts))
	for _, t := range ts {
		rows = append(rows, []string{d.shortDay(t.Date), d.accountName(t.Account), t.Description,
			orDash(categoryLabel(d.p, t.Category)), amountIn(d.p, t.Amount, d.r.Currency)})
	}
	d.tableIn(compactTable, cols, rows, func(i, j int) *ink {
		if j == 4 && ts[i].Amount > 0 {
			return &inkOK
		}
		return nil
	})
}

// shortDay prints a YYYY-MM-DD day as "02 Jan 26" ("02/01/26" in the
// other languages), or as given when it is not one.
func (d *reportDoc) shortDay(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	if !english(d.p) {
		return d.p.Text("report.date", "day", t.Format("02"), "month", t.Format("01"), "year", t.Format("06"))
	}
	return t.Format("02 Jan 06")
}
