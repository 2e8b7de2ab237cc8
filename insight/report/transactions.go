package report

import (
	"strings"

	"openbank/insight/kpi"
)

// ReportTransaction is one booked transaction of a report's list of the
// last 90 days.
type ReportTransaction struct {
	Date        string `json:"date"`
	Account     string `json:"account"` // the account id
	Description string `json:"description"`
	Amount      Amount `json:"amount"`   // negative for money out
	Category    string `json:"category"` // empty when not categorised
}

// transactions lists items (in day order) newest first.
func transactions(items []kpi.Item) []ReportTransaction {
	out := make([]ReportTransaction, 0, len(items))
	for i := len(items) - 1; i >= 0; i-- {
		e := items[i].Entry
		out = append(out, ReportTransaction{Date: items[i].Date(), Account: e.AccountID,
			Description: strings.TrimSpace(e.Description), Amount: Amount(e.Amount), Category: e.Category})
	}
	return out
}
