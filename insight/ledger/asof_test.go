package ledger

import (
	"testing"
	"time"
)

func TestAsOfAndFutureDated(t *testing.T) {
	t.Parallel()
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
	today := time.Date(2026, 3, 10, 18, 30, 0, 0, time.UTC)
	tests := []struct {
		name   string
		dates  []time.Time
		asOf   time.Time
		future int
	}{
		{"newest before today", []time.Time{day(1, 5), day(2, 20), day(1, 9)}, day(2, 20), 0},
		{"newest today", []time.Time{day(3, 10), day(2, 1)}, day(3, 10), 0},
		{"rows after today left out", []time.Time{day(2, 1), day(3, 11), day(4, 30)}, day(2, 1), 2},
		{"only future rows", []time.Time{day(3, 12)}, day(3, 10), 1},
		{"no rows", nil, day(3, 10), 0},
	}
	for _, tt := range tests {
		l := &Ledger{}
		for _, d := range tt.dates {
			l.Entries = append(l.Entries, LedgerEntry{Date: d})
		}
		if got := l.AsOf(today); !got.Equal(tt.asOf) {
			t.Errorf("%s: as of %v, want %v", tt.name, got, tt.asOf)
		}
		if got := l.FutureDated(today); got != tt.future {
			t.Errorf("%s: %d future-dated, want %d", tt.name, got, tt.future)
		}
	}
	if got := DaysBetween(day(1, 1), today); got != 68 {
		t.Errorf("days from 1 January to 10 March: %d, want 68", got)
	}
}

func TestByCurrency(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	entries := func(account string, n int, amount int64, daysAgo int) []LedgerEntry {
		out := make([]LedgerEntry, n)
		for i := range out {
			out[i] = LedgerEntry{AccountID: account, Date: today.AddDate(0, 0, -daysAgo-i), Amount: amount}
		}
		return out
	}
	accounts := []LedgerAccount{{ID: "gbp", Currency: "GBP"}, {ID: "eur", Currency: "EUR"}, {ID: "eur2", Currency: "EUR"},
		{ID: "usd", Currency: "USD"}}
	tests := []struct {
		name    string
		entries [][]LedgerEntry
		want    []string
	}{
		{"most entries in the last year", [][]LedgerEntry{entries("gbp", 5, -100, 0), entries("eur", 3, -100, 0),
			entries("eur2", 3, -100, 0), entries("usd", 1, -9e6, 0)}, []string{"EUR", "GBP", "USD"}},
		{"older entries do not count", [][]LedgerEntry{entries("gbp", 5, -100, 0), entries("eur", 9, -100, 400)},
			[]string{"GBP", "EUR", "USD"}},
		{"a tie goes to the larger turnover", [][]LedgerEntry{entries("gbp", 4, -100, 0), entries("usd", 4, 500, 0)},
			[]string{"USD", "EUR", "GBP"}},
		{"no entries: alphabetical", nil, []string{"EUR", "GBP", "USD"}},
	}
	for _, tt := range tests {
		l := &Ledger{Kind: ConsumerSubject, Accounts: accounts}
		total := 0
		for _, e := range tt.entries {
			l.Entries = append(l.Entries, e...)
			total += len(e)
		}
		parts := l.ByCurrency(today)
		got := make([]string, len(parts))
		n := 0
		for i, p := range parts {
			got[i] = p.Currency()
			n += len(p.Entries)
			for _, e := range p.Entries {
				if currencyOfAccount(p, e.AccountID) != p.Currency() {
					t.Errorf("%s: a %s entry in the %s ledger", tt.name, currencyOfAccount(l, e.AccountID), p.Currency())
				}
			}
		}
		if len(got) != len(tt.want) || got[0] != tt.want[0] || got[1] != tt.want[1] || got[2] != tt.want[2] || n != total {
			t.Errorf("%s: currencies %v with %d of %d entries, want %v", tt.name, got, n, total, tt.want)
		}
	}
	one := &Ledger{Accounts: accounts[:1], Entries: entries("gbp", 2, -1, 0)}
	if parts := one.ByCurrency(today); len(parts) != 1 || parts[0] != one {
		t.Error("a ledger of one currency was copied")
	}
}

// currencyOfAccount is the currency of an account of l, "?" when l lacks it.
func currencyOfAccount(l *Ledger, id string) string {
	for _, a := range l.Accounts {
		if a.ID == id {
			return a.Currency
		}
	}
	return "?"
}
