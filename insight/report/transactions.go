package report

import (
	"strings"

	"openbank/insight/ledger"
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

// transactions lists entries (in day order) newest first.
func transactions(entries []entry, accounts []ledger.LedgerAccount) []ReportTransaction {
	out := make([]ReportTransaction, 0, len(entries))
	for i := len(entries) - 1; i >= 0; i-- {
		e := &entries[i]
		out = append(out, ReportTransaction{Date: e.day.String(), Account: accounts[e.account].ID,
			Description: strings.TrimSpace(e.Description), Amount: Amount(e.Amount), Category: e.Category})
	}
	return out
}
