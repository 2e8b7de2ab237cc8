package ledger

import (
	"cmp"
	"slices"
	"time"
)

// Amounts of different currencies are never added: a ledger is split by the
// currency of its accounts, and every figure is of one currency. There is no
// conversion, since no dated exchange rates are given.

// currencyWindow is the span, in days up to the ledger's as-of day, over
// which the main currency is chosen.
const currencyWindow = 365

// ByCurrency splits l by the currency of its accounts, the main currency
// first, the others in alphabetical order. The main currency is the one
// whose accounts carry the most entries dated in the 365 days up to l's
// as-of day on a request day today; a tie goes to the larger turnover (money
// in and out) over those days, then to the first alphabetically. Entries of
// an account l does not list are left out, as the figures leave them out. A
// ledger of one currency is returned as it is.
func (l *Ledger) ByCurrency(today time.Time) []*Ledger {
	currencyOf := make(map[string]string, len(l.Accounts))
	for _, a := range l.Accounts {
		currencyOf[a.ID] = a.Currency
	}
	use := map[string]*currencyUse{}
	for _, a := range l.Accounts {
		if use[a.Currency] == nil {
			use[a.Currency] = &currencyUse{code: a.Currency}
		}
	}
	if len(use) <= 1 {
		return []*Ledger{l}
	}
	asOf := l.AsOf(today)
	from := asOf.AddDate(0, 0, -currencyWindow+1)
	for i := range l.Entries {
		e := &l.Entries[i]
		c, ok := currencyOf[e.AccountID]
		if d := DayOf(e.Date); !ok || d.Before(from) || d.After(asOf) {
			continue
		}
		use[c].entries++
		use[c].turnover += max(e.Amount, -e.Amount)
	}
	order := make([]*currencyUse, 0, len(use))
	for _, u := range use {
		order = append(order, u)
	}
	slices.SortFunc(order, compareCurrencyUse)
	slices.SortFunc(order[1:], func(a, b *currencyUse) int { return cmp.Compare(a.code, b.code) })
	out := make([]*Ledger, 0, len(order))
	for _, u := range order {
		out = append(out, l.ofCurrency(u.code, currencyOf))
	}
	return out
}

// currencyUse is how much a currency's accounts were used.
type currencyUse struct {
	code     string
	entries  int
	turnover int64
}

// compareCurrencyUse puts the more used currency first.
func compareCurrencyUse(a, b *currencyUse) int {
	if c := cmp.Compare(b.entries, a.entries); c != 0 {
		return c
	}
	if c := cmp.Compare(b.turnover, a.turnover); c != 0 {
		return c
	}
	return cmp.Compare(a.code, b.code)
}

// ofCurrency is the part of l in one currency: its accounts and their entries.
func (l *Ledger) ofCurrency(code string, currencyOf map[string]string) *Ledger {
	out := &Ledger{Kind: l.Kind}
	for _, a := range l.Accounts {
		if a.Currency == code {
			out.Accounts = append(out.Accounts, a)
		}
	}
	for i := range l.Entries {
		if c, ok := currencyOf[l.Entries[i].AccountID]; ok && c == code {
			out.Entries = append(out.Entries, l.Entries[i])
		}
	}
	return out
}

// Currency is the currency of a ledger's accounts: the first account's, ""
// without accounts.
func (l *Ledger) Currency() string {
	if len(l.Accounts) == 0 {
		return ""
	}
	return l.Accounts[0].Currency
}
