package report

import (
	"fmt"
	"time"
)

// pdfTransactions is the most transactions the PDF lists; the JSON report
// lists them all.
const pdfTransactions = 1500

// transactionTable prints the last 90 days of transactions, newest first,
// on as many pages as they need.
func (d *reportDoc) transactionTable() {
	ts := d.r.Transactions
	d.section("Transactions of the last 90 days", tableNeed(len(ts)))
	if len(ts) == 0 {
		d.none("No transaction in the last 90 days.")
		return
	}
	if len(ts) > pdfTransactions {
		d.note(fmt.Sprintf("The %d newest of %d transactions; the JSON report lists them all.", pdfTransactions, len(ts)))
		ts = ts[:pdfTransactions]
	}
	cols := []column{{"Date", 16, "L"}, {"Account", 30, "L"}, {"Description", 78, "L"}, {"Category", 34, "L"},
		{"Amount", 22, "R"}}
	rows := make([][]string, 0, len(ts))
	for _, t := range ts {
		rows = append(rows, []string{shortDate(t.Date), d.accountName(t.Account), t.Description,
			orDash(categoryLabel(t.Category)), t.Amount.Format(d.r.Currency)})
	}
	d.tableIn(compactTable, cols, rows, func(i, j int) *ink {
		if j == 4 && ts[i].Amount > 0 {
			return &inkOK
		}
		return nil
	})
}

// shortDate prints a YYYY-MM-DD day as "02 Jan 26", or as given when it is not one.
func shortDate(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.Format("02 Jan 06")
}
