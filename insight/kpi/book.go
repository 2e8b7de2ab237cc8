package kpi

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"openbank/insight/ledger"
)

// dayNum counts days since 1970-01-01 in UTC.
type dayNum int32

// dayNumOf returns the calendar day of t in its own location.
func dayNumOf(t time.Time) dayNum {
	y, m, d := t.Date()
	return dayNum(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// date prints a day as YYYY-MM-DD.
func (d dayNum) date() string { return d.time().Format(time.DateOnly) }

func (d dayNum) time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// book is a ledger prepared once for every window: entries up to the as-of
// day sorted by day, and each account's end-of-day balance on every day.
type book struct {
	kind        ledger.SubjectKind
	first, asOf dayNum
	entries     []bookEntry
	accounts    []ledger.LedgerAccount
	balances    [][]int64 // per account, per day from first to asOf
	categorised bool
	creditLine  bool
	future      int // entries after asOf, left out
}

// bookEntry is a ledger entry with what the KPIs derive from it once.
type bookEntry struct {
	src       *ledger.LedgerEntry
	payer     string // merchant or a key made from the description
	amount    int64
	account   int
	day       dayNum
	back      dayNum // on a reversal credit: the day of the debit it gives back
	code      int8   // index in kpiCodes, or noCode
	own       bool   // one leg of a move between the subject's own accounts, found by amounts
	reversal  bool   // money back for a debit of the same amount and payer a few days before, or that debit
	collector bool   // a payment naming a debt collector, counted as collected unless uncertain
	risky     bool   // a risk category or a payment to a debt collector (riskMarks)
	uncertain bool   // risky, and categorised below ledger.RiskConfidence
}

// newBook prepares l as of asOf, leaving out and counting the entries after it.
func newBook(l *ledger.Ledger, asOf time.Time) *book {
	b := &book{kind: l.Kind, asOf: dayNumOf(asOf), accounts: l.Accounts,
		categorised: categorisedLedger(l), creditLine: knownCreditLines(l)}
	b.first = b.asOf
	index := make(map[string]int, len(l.Accounts))
	for i, a := range l.Accounts {
		index[a.ID] = i
	}
	b.entries = make([]bookEntry, 0, len(l.Entries))
	after := make([]int64, len(l.Accounts)) // money booked after asOf, per account
	for i := range l.Entries {
		e := &l.Entries[i]
		acct, ok := index[e.AccountID]
		if !ok {
			continue
		}
		d := dayNumOf(e.Date)
		if d > b.asOf {
			after[acct] += e.Amount
			b.future++
			continue
		}
		b.first = min(b.first, d)
		b.entries = append(b.entries, newBookEntry(e, d, acct))
	}
	sortByDay(b.entries)
	b.rebuildBalances(after)
	b.markOwnTransfers()
	b.markReversals()
	return b
}

// sortByDay orders entries by day, keeping the order of a day's entries.
// Ledgers mostly come sorted; others are sorted by a key of day and
// position, then moved in place along the cycles of that order, each entry
// once.
func sortByDay(entries []bookEntry) {
	if slices.IsSortedFunc(entries, func(a, b bookEntry) int { return cmp.Compare(a.day, b.day) }) {
		return
	}
	from := make([]uint64, len(entries)) // entry i takes the one at the low 32 bits of from[i]
	for i := range entries {
		from[i] = uint64(uint32(entries[i].day)^1<<31)<<32 | uint64(i) // the sign bit flipped: days before 1970 first
	}
	slices.Sort(from)
	for i := range from {
		if uint32(from[i]) == uint32(i) {
			continue
		}
		held := entries[i]
		j := i
		for k := int(uint32(from[j])); k != i; j, k = k, int(uint32(from[k])) {
			entries[j] = entries[k]
			from[j] = uint64(j)
		}
		entries[j], from[j] = held, uint64(j)
	}
}

// rebuildBalances walks back from each account's current balance.
func (b *book) rebuildBalances(after []int64) {
	n := int(b.asOf-b.first) + 1
	b.balances = make([][]int64, len(b.accounts))
	for i, a := range b.accounts {
		b.balances[i] = make([]int64, n)
		b.balances[i][n-1] = a.Balance - after[i]
	}
	k := len(b.entries) - 1
	for d := n - 1; d >= 0; d-- {
		for ; k >= 0 && int(b.entries[k].day-b.first) == d; k-- {
			if d > 0 {
				b.balances[b.entries[k].account][d-1] -= b.entries[k].amount
			}
		}
		if d > 0 {
			for i := range b.balances {
				b.balances[i][d-1] += b.balances[i][d]
			}
		}
	}
}

// newBookEntry derives what the KPIs read from a ledger entry.
func newBookEntry(e *ledger.LedgerEntry, d dayNum, acct int) bookEntry {
	be := bookEntry{src: e, day: d, account: acct, amount: e.Amount, code: codeOf(e.Category), payer: payerKey(e)}
	if e.Amount < 0 && (be.code == noCode || be.code == codeTransferOut || isRepayment(be.code)) {
		be.collector = collectedDebt(strings.ToUpper(be.payer), strings.ToUpper(e.Description))
	}
	riskMarks(&be, e)
	return be
}

// payerKey names the other party of an entry: its merchant, or the first
// words of its description without digits.
func payerKey(e *ledger.LedgerEntry) string {
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

// categorisedLedger reports whether most entries carry a category, so that the
// features that need categories can be trusted.
func categorisedLedger(l *ledger.Ledger) bool {
	n := 0
	for i := range l.Entries {
		if l.Entries[i].Category != "" {
			n++
		}
	}
	return len(l.Entries) > 0 && n*10 >= len(l.Entries)*9
}

// knownCreditLines reports whether the limit of every current and card account is known.
func knownCreditLines(l *ledger.Ledger) bool {
	seen := false
	for _, a := range l.Accounts {
		if a.Type == ledger.SavingsAccount {
			continue
		}
		if !a.HasLimit {
			return false
		}
		seen = true
	}
	return seen
}
