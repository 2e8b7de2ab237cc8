package report

import (
	"sort"
	"strings"
	"time"

	"openbank/insight/ledger"
)

// day counts calendar days since 1970-01-01.
type day int32

// dayOf is the calendar day of t in its own location, as the KPIs read it.
func dayOf(t time.Time) day {
	y, m, d := t.Date()
	return day(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// parseDay reads a YYYY-MM-DD day; a day it cannot read is the zero day.
func parseDay(s string) day {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0
	}
	return dayOf(t)
}

// String prints the day as YYYY-MM-DD.
func (d day) String() string { return time.Unix(int64(d)*86400, 0).UTC().Format(time.DateOnly) }

// entry is a ledger entry as the report's lists read it: its day and
// account, the party it names, and the marks the KPIs give it (entries_marks.go).
type entry struct {
	*ledger.LedgerEntry
	day       day
	account   int    // index in the ledger's accounts
	party     string // merchant, payee or payer (partyOf)
	own       bool   // a leg of a move between the subject's own accounts
	reversal  bool   // a debit given back, or the credit that gave it back
	returned  day    // on a reversal credit: the day of the debit it gave back
	collected bool   // a payment to a debt collector
}

// readEntries reads the entries of l's accounts booked up to last, in day
// order (stable), and marks them as the KPIs do.
func readEntries(l *ledger.Ledger, last day) []entry {
	index := make(map[string]int, len(l.Accounts))
	for i, a := range l.Accounts {
		index[a.ID] = i
	}
	out := make([]entry, 0, len(l.Entries))
	for i := range l.Entries {
		e := &l.Entries[i]
		acct, ok := index[e.AccountID]
		if d := dayOf(e.Date); ok && d <= last {
			out = append(out, entry{LedgerEntry: e, day: d, account: acct, party: partyOf(e)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].day < out[j].day })
	if len(l.Accounts) > 1 {
		markOwnTransfers(out)
	}
	markReversals(out)
	for i := range out {
		out[i].collected = collectedDebt(&out[i])
	}
	return out
}

// between returns the entries from the first day to the last, both included.
func between(entries []entry, first, last day) []entry {
	lo := sort.Search(len(entries), func(i int) bool { return entries[i].day >= first })
	hi := sort.Search(len(entries), func(i int) bool { return entries[i].day > last })
	return entries[lo:hi]
}

// partyOf names the other party of an entry as the KPIs key it: its
// merchant, else the first four words of its description without digits.
func partyOf(e *ledger.LedgerEntry) string {
	if e.Merchant != "" {
		return e.Merchant
	}
	var words []string
	for _, w := range strings.Fields(strings.ToUpper(e.Description)) {
		if strings.ContainsAny(w, "0123456789") {
			continue
		}
		if words = append(words, w); len(words) == 4 {
			break
		}
	}
	return strings.Join(words, " ")
}

// uncertain reports whether an entry's risk category, or the category of
// its payment to a debt collector, is one the categoriser was not sure
// enough of (ledger.RiskConfidence): the KPIs count it apart (kpi's
// uncertain.go).
func (e *entry) uncertain() bool {
	return e.Uncertain() || (e.collected && e.Category != "" && e.Confidence < ledger.RiskConfidence)
}
