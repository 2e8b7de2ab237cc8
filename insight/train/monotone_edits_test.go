package train

import (
	"time"

	"openbank/insight/ledger"
)

// counterfactual is an edit of a history whose effect on the score has a
// known direction: safer never lowers the score, otherwise it never raises it.
type counterfactual struct {
	name   string
	safer  bool
	change func(l *ledger.Ledger, dose int) *ledger.Ledger
}

// counterfactuals are the edits the monotonicity suite applies, each at two doses.
var counterfactuals = []counterfactual{
	{"add a regular monthly income", true, addMonthlyIncome},
	{"remove all income", false, func(l *ledger.Ledger, _ int) *ledger.Ledger { return withoutIncome(l) }},
	{"add gambling", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		return spread(l, 12*dose, -3000, ledger.Gambling, "BET365", "BET365 STOKE")
	}},
	{"add returned-payment fees", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		return spread(l, 4*dose, -1200, ledger.FeesReturned, "OPENBANK", "UNPAID DIRECT DEBIT FEE GAS CO")
	}},
	{"add overdraft fees", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		return spread(l, 6*dose, -1500, ledger.FeesOverdraft, "OPENBANK", "PENALTY INTEREST NEGATIVE BALANCE")
	}},
	{"add payday-loan repayments", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		return spread(l, 3*dose, -9000, ledger.CreditPayday, "LENDING STREAM", "DIRECT DEBIT LENDING STREAM REF LOAN1234567")
	}},
	{"add debt-collection payments", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		return spread(l, 12, -4000*int64(dose), ledger.CreditLoan, "LOWELL FINANCIAL", "STANDING ORDER LOWELL FINANCIAL REF 8812345")
	}},
	{"add returned direct debits", false, addReturnedDebits},
	{"lower every balance", false, func(l *ledger.Ledger, dose int) *ledger.Ledger {
		out := cloneLedger(l)
		out.Accounts[0].Balance -= int64(dose) * 40000
		return out
	}},
}

// incomeCategories are the codes whose money is income: a consumer's salary,
// benefits, pension and other income, and a business's revenue and card takings.
var incomeCategories = map[string]bool{
	ledger.IncomeSalary: true, ledger.IncomeBenefits: true, ledger.IncomePension: true, ledger.IncomeOther: true,
	ledger.BusinessRevenue: true, ledger.BusinessCardSettlement: true,
}

// historySpan is the part of a ledger's history a counterfactual may touch:
// the scoring year up to the newest entry, never before the first, so the
// history's length and age stay as they were.
func historySpan(l *ledger.Ledger) (from, to time.Time) {
	first := l.Entries[0].Date
	for _, e := range l.Entries {
		if e.Date.Before(first) {
			first = e.Date
		}
	}
	to = l.Newest()
	from = to.AddDate(0, 0, -364)
	if from.Before(first) {
		from = first
	}
	return from, to
}

// cloneLedger copies a ledger's accounts and entries.
func cloneLedger(l *ledger.Ledger) *ledger.Ledger {
	out := *l
	out.Entries = append([]ledger.LedgerEntry(nil), l.Entries...)
	out.Accounts = append([]ledger.LedgerAccount(nil), l.Accounts...)
	return &out
}

// withEntry books e on the first account: the money really moved, so the
// balance after it (today's) changes and every earlier balance stays.
func withEntry(l *ledger.Ledger, e ledger.LedgerEntry) {
	e.AccountID, e.Confidence = l.Accounts[0].ID, 1
	l.Entries = append(l.Entries, e)
	l.Accounts[0].Balance += e.Amount
}

// spread adds n equal entries spread evenly over the history span.
func spread(l *ledger.Ledger, n int, amount int64, category, party, desc string) *ledger.Ledger {
	out := cloneLedger(l)
	from, to := historySpan(l)
	days := int(to.Sub(from).Hours() / 24)
	for i := range n {
		d := from.AddDate(0, 0, (2*i+1)*days/(2*n))
		withEntry(out, ledger.LedgerEntry{Date: d, Amount: amount, Merchant: party, Description: desc, Category: category})
	}
	return out
}

// addMonthlyIncome adds a salary (a consumer) or a customer's payment (a
// business) from a new payer on the 25th of every month, or the Friday
// before when it falls on a weekend.
func addMonthlyIncome(l *ledger.Ledger, dose int) *ledger.Ledger {
	out := cloneLedger(l)
	from, to := historySpan(l)
	amount, category, party := int64(90000*dose), ledger.IncomeSalary, "ORCHARD FIELD LTD"
	if l.Kind == ledger.BusinessSubject {
		amount, category, party = int64(300000*dose), ledger.BusinessRevenue, "HARBOURSIDE TRADING LTD"
	}
	for m := time.Date(from.Year(), from.Month(), 25, 0, 0, 0, 0, time.UTC); !m.After(to); m = m.AddDate(0, 1, 0) {
		d := m
		for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
			d = d.AddDate(0, 0, -1)
		}
		if d.Before(from) || d.After(to) {
			continue
		}
		withEntry(out, ledger.LedgerEntry{Date: d, Amount: amount, Merchant: party,
			Description: "BACS CREDIT " + party + " REF SALARY", Category: category})
	}
	return out
}

// withoutIncome removes every income entry; the money never arrived, so
// every balance after each is lower by its amount.
func withoutIncome(l *ledger.Ledger) *ledger.Ledger {
	out := cloneLedger(l)
	out.Entries = out.Entries[:0]
	index := map[string]int{}
	for i, a := range out.Accounts {
		index[a.ID] = i
	}
	for _, e := range l.Entries {
		if e.Amount > 0 && incomeCategories[e.Category] {
			out.Accounts[index[e.AccountID]].Balance -= e.Amount
			continue
		}
		out.Entries = append(out.Entries, e)
	}
	return out
}

// hasIncome reports whether a ledger's scoring year holds any income.
func hasIncome(l *ledger.Ledger) bool {
	from, _ := historySpan(l)
	for _, e := range l.Entries {
		if e.Amount > 0 && incomeCategories[e.Category] && !e.Date.Before(from) {
			return true
		}
	}
	return false
}

// addReturnedDebits adds direct debits that the bank paid and then returned unpaid.
func addReturnedDebits(l *ledger.Ledger, dose int) *ledger.Ledger {
	out := cloneLedger(l)
	from, to := historySpan(l)
	n := 2 * dose
	days := int(to.Sub(from).Hours() / 24)
	for i := range n {
		d := from.AddDate(0, 0, (2*i+1)*days/(2*n))
		withEntry(out, ledger.LedgerEntry{Date: d, Amount: -4000, Merchant: "GAS CO",
			Description: "DIRECT DEBIT GAS CO", Category: ledger.HousingUtilities})
		withEntry(out, ledger.LedgerEntry{Date: d.AddDate(0, 0, 1), Amount: 4000, Merchant: "GAS CO",
			Description: "RETURNED DIRECT DEBIT GAS CO", Category: ledger.HousingUtilities})
	}
	return out
}
