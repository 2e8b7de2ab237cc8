package report

import (
	"strings"

	"openbank/insight/ledger"
)

// The marks below are those insight/kpi gives its entries (kpi's pairs.go
// and classes.go), which it keeps to itself: the report repeats them to
// list and date what the KPIs count. TestListsAddUpToTheKPIs holds the two
// to the same counts.

// reversalDays is how far back a credit may give back a debit of the same amount.
const reversalDays = 5

// markOwnTransfers pairs, within each day, a debit on one account with the
// first credit of the same amount on another account not yet paired.
func markOwnTransfers(entries []entry) {
	credits := map[int64][]int{}
	for start := 0; start < len(entries); {
		end := start
		for end < len(entries) && entries[end].day == entries[start].day {
			end++
		}
		clear(credits)
		for j := start; j < end; j++ {
			if a := entries[j].Amount; a > 0 {
				credits[a] = append(credits[a], j)
			}
		}
		for i := start; i < end; i++ {
			out := &entries[i]
			if out.Amount >= 0 || out.own {
				continue
			}
			for _, j := range credits[-out.Amount] {
				if in := &entries[j]; !in.own && in.account != out.account {
					out.own, in.own = true, true
					break
				}
			}
		}
		start = end
	}
}

// markReversals marks a credit that gives back a debit of the same amount,
// account and party within reversalDays, and that debit: the latest such
// debit before the credit not given back yet.
func markReversals(entries []entry) {
	type key struct {
		amount  int64
		account int
	}
	debits := map[key][]int{}
	for i := range entries {
		e := &entries[i]
		switch {
		case e.Amount < 0:
			k := key{e.Amount, e.account}
			debits[k] = append(debits[k], i)
		case e.Amount > 0 && !e.own:
			q := debits[key{-e.Amount, e.account}]
			for j := len(q) - 1; j >= 0 && e.day-entries[q[j]].day <= reversalDays; j-- {
				if out := &entries[q[j]]; out.party == e.party && !out.reversal {
					e.reversal, out.reversal, e.returned = true, true, out.day
					break
				}
			}
		}
	}
}

// collectorNames are the agencies whose payments mean a debt went to collection.
var collectorNames = []string{"LOWELL", "CABOT", "INTRUM", "PRA GROUP", "MOORCROFT", "ARROW GLOBAL",
	"HOIST", "BW LEGAL", "DEBT RECOVERY", "DEBT COLLECT"}

// collectedDebt reports whether an entry pays a debt collector: money out,
// uncategorised, to a person or repaying credit, naming a collector.
func collectedDebt(e *entry) bool {
	if e.Amount >= 0 || (ledger.Valid(e.Category) && e.Category != ledger.TransferOut && !repayment(e.Category)) {
		return false
	}
	party, desc := strings.ToUpper(e.party), strings.ToUpper(e.Description)
	for _, name := range collectorNames {
		if strings.Contains(party, name) || strings.Contains(desc, name) {
			return true
		}
	}
	return false
}

// repayment reports whether code repays credit: mortgage, loan, card, payday, BNPL or student loan.
func repayment(code string) bool {
	switch code {
	case ledger.CreditMortgage, ledger.CreditLoan, ledger.CreditCard, ledger.CreditPayday, ledger.CreditBNPL,
		ledger.CreditStudent:
		return true
	}
	return false
}
