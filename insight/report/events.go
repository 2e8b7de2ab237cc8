package report

import (
	"strings"

	"openbank/insight/kpi"
)

// ReturnedPayment is a debit given back unpaid (a returned direct debit, a
// reversed payment) over a report's period: found as the KPIs find it, by
// a credit of the same amount and party on the same account within five
// days.
type ReturnedPayment struct {
	Date      string `json:"date"`      // the day it was given back
	DebitDate string `json:"debitDate"` // the day of the debit
	Account   string `json:"account"`   // the account id
	Party     string `json:"party"`
	Amount    Amount `json:"amount"` // positive
}

// returnedPayments lists the period's returned payments, newest first.
func returnedPayments(period []kpi.Item) []ReturnedPayment {
	out := make([]ReturnedPayment, 0)
	for i := len(period) - 1; i >= 0; i-- {
		if it := &period[i]; it.Reversal && it.Entry.Amount > 0 {
			out = append(out, ReturnedPayment{Date: it.Date(), DebitDate: it.DebitDate(), Account: it.Entry.AccountID,
				Party: it.Party, Amount: Amount(it.Entry.Amount)})
		}
	}
	return out
}

// Fee is a bank charge over a report's period: an overdraft fee or
// interest, a fee for a returned or refused payment, or another bank fee.
type Fee struct {
	Date        string `json:"date"`
	Account     string `json:"account"` // the account id
	Category    string `json:"category"`
	Description string `json:"description"`
	Amount      Amount `json:"amount"`    // positive when charged, negative when refunded
	Uncertain   bool   `json:"uncertain"` // the categoriser was not sure it is a fee
}

// fees lists the period's fees, newest first.
func fees(period []kpi.Item) []Fee {
	out := make([]Fee, 0)
	for i := len(period) - 1; i >= 0; i-- {
		it := &period[i]
		if it.Bucket != kpi.FeeBucket {
			continue
		}
		e := it.Entry
		out = append(out, Fee{Date: it.Date(), Account: e.AccountID, Category: e.Category,
			Description: strings.TrimSpace(e.Description), Amount: Amount(-e.Amount), Uncertain: it.Uncertain})
	}
	return out
}
