package report

import (
	"fmt"
	"strconv"
)

// qualitySection prints how old the data is and how far its categories can
// be trusted, the stale warning in red.
func (d *reportDoc) qualitySection() {
	f, q := &d.r.Freshness, &d.r.Categorisation
	rows := [][]string{
		{"Newest transaction", fmt.Sprintf("%s, %s before this report", longDate(f.NewestTransaction), days(f.AgeDays))},
		{"Uncategorised transactions", fmt.Sprintf("%s of %s over the period (%s)", groupThousands(strconv.Itoa(q.Uncategorised)),
			groupThousands(strconv.Itoa(q.Transactions)), percent(q.UncategorisedShare))},
		{"Uncertain risk categories", fmt.Sprintf("%s in %s (%s of the money in risk categories), counted apart",
			q.UncertainAmount.Format(d.r.Currency), transactionCount(q.UncertainCount), percent(q.UncertainShare))},
	}
	if f.FutureDated > 0 {
		rows = append(rows, []string{"Dated after the request day", transactionCount(f.FutureDated) + ", left out"})
	}
	d.section("Data freshness and quality", 3*tableRow+tableRow*float64(len(rows)))
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

// transactionCount prints a number of transactions: "1 transaction", "12 transactions".
func transactionCount(n int) string {
	if n == 1 {
		return "1 transaction"
	}
	return groupThousands(strconv.Itoa(n)) + " transactions"
}

// days prints a number of days: "1 day", "12 days".
func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return groupThousands(strconv.Itoa(n)) + " days"
}
