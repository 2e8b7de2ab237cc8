package report

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"time"

	"openbank/insight/ledger"
)

// day counts calendar days since 1970-01-01.
type day int32

// dayOf is the calendar day of t in its own location, as the KPIs read it:
// its seconds since 1970 in that location, in whole days rounded down.
func dayOf(t time.Time) day {
	_, offset := t.Zone()
	secs := t.Unix() + int64(offset)
	d := secs / 86400
	if secs%86400 < 0 {
		d--
	}
	return day(d)
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
			out = append(out, entry{LedgerEntry: e, day: d, account: acct})
		}
	}
	out = sortedByDay(out)
	for i := range out {
		out[i].party = partyOf(out[i].LedgerEntry)
	}
	if len(l.Accounts) > 1 {
		markOwnTransfers(out)
	}
	markReversals(out)
	for i := range out {
		out[i].collected = collectedDebt(&out[i])
	}
	return out
}

// sortedByDay orders entries by day, keeping the order of a day's entries.
// The service hands them sorted; others are sorted by a key of day and
// position, which moves each entry once.
func sortedByDay(entries []entry) []entry {
	if slices.IsSortedFunc(entries, func(a, b entry) int { return cmp.Compare(a.day, b.day) }) {
		return entries
	}
	keys := make([]uint64, len(entries))
	for i := range entries {
		keys[i] = uint64(uint32(entries[i].day)^1<<31)<<32 | uint64(i) // the sign bit flipped: days before 1970 first
	}
	slices.Sort(keys)
	out := make([]entry, len(entries))
	for i, k := range keys {
		out[i] = entries[uint32(k)]
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
