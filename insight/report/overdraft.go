package report

import (
	"openbank/insight/kpi"
	"openbank/insight/ledger"
)

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

// overdraftSpells finds the spells of every current account of the book over
// the window of the last days days, oldest first, in the end-of-day balances
// the KPIs read.
func overdraftSpells(book *kpi.Book, days int) []OverdraftSpell {
	out := make([]OverdraftSpell, 0)
	for i, a := range book.Accounts() {
		if a.Type == ledger.CurrentAccount {
			out = append(out, spellsOf(a.ID, book.AccountBalances(i, days))...)
		}
	}
	return out
}

// spellsOf cuts an account's end-of-day balances into runs below zero.
func spellsOf(account string, ends []kpi.DayBalance) []OverdraftSpell {
	var out []OverdraftSpell
	for d := 0; d < len(ends); d++ {
		if ends[d].Balance >= 0 {
			continue
		}
		s := OverdraftSpell{Account: account, From: ends[d].Date, Lowest: Amount(ends[d].Balance)}
		for ; d < len(ends) && ends[d].Balance < 0; d++ {
			s.Days++
			s.Lowest = min(s.Lowest, Amount(ends[d].Balance))
		}
		s.To = ends[d-1].Date
		out = append(out, s)
	}
	return out
}
