package report

import "openbank/insight/ledger"

// OverdraftSpell is a run of days on which a current account ended below
// zero, within a report's period: the days any current account spent below
// zero are the KPIs' days below zero.
type OverdraftSpell struct {
	Account string `json:"account"` // the account id
	From    string `json:"from"`
	To      string `json:"to"`
	Days    int    `json:"days"`
	Lowest  Amount `json:"lowest"` // the lowest end-of-day balance, negative
}

// overdraftSpells finds the spells of every current account from the
// first day to the last, oldest first, by walking back from each account's
// balance: entries (in day order, up to last) and those of l booked after last.
func overdraftSpells(l *ledger.Ledger, entries []entry, first, last day) []OverdraftSpell {
	out := make([]OverdraftSpell, 0)
	for i, a := range l.Accounts {
		if a.Type != ledger.CurrentAccount {
			continue
		}
		ends := dailyBalances(a.Balance-bookedAfter(l, a.ID, last), i, entries, first, last)
		out = append(out, spellsOf(&a, ends, first)...)
	}
	return out
}

// bookedAfter is the money booked on an account after a day.
func bookedAfter(l *ledger.Ledger, account string, last day) int64 {
	var sum int64
	for i := range l.Entries {
		if e := &l.Entries[i]; e.AccountID == account && dayOf(e.Date) > last {
			sum += e.Amount
		}
	}
	return sum
}

// dailyBalances rebuilds an account's end-of-day balances from the first
// day to the last, given its balance at the end of the last.
func dailyBalances(end int64, account int, entries []entry, first, last day) []int64 {
	ends := make([]int64, int(last-first)+1)
	k := len(entries) - 1
	for d := last; d >= first; d-- {
		ends[d-first] = end
		for ; k >= 0 && entries[k].day >= d; k-- {
			if entries[k].account == account {
				end -= entries[k].Amount
			}
		}
	}
	return ends
}

// spellsOf cuts an account's end-of-day balances into runs below zero.
func spellsOf(a *ledger.LedgerAccount, ends []int64, first day) []OverdraftSpell {
	var out []OverdraftSpell
	for d := 0; d < len(ends); d++ {
		if ends[d] >= 0 {
			continue
		}
		s := OverdraftSpell{Account: a.ID, From: (first + day(d)).String(), Lowest: Amount(ends[d])}
		for ; d < len(ends) && ends[d] < 0; d++ {
			s.Days++
			s.Lowest = min(s.Lowest, Amount(ends[d]))
		}
		s.To = (first + day(d-1)).String()
		out = append(out, s)
	}
	return out
}
