package kpi

import "openbank/insight/ledger"

// Item is one entry of a book as the KPIs read it: the ledger's entry, the
// party they key it by, the group of figures its category belongs to and
// the marks that take it out of figures. Lists that date what the KPIs
// count (a report's returned payments, fees, bets, lenders and debt
// collectors) read items, so that they hold what the figures count.
type Item struct {
	Entry  *ledger.LedgerEntry
	Party  string // the merchant, else the first four words of the description without digits
	Bucket Bucket // the figures the entry's category belongs to
	// Counted is whether the figures by category read the entry: its
	// category is one the KPIs know, and not a risk category it is
	// Uncertain of.
	Counted bool
	Own     bool // one leg of a move between the subject's own accounts: in no inflow or outflow
	// Reversal marks a debit given back and the credit that gives it back,
	// in no inflow or outflow; each such credit is one of
	// FeeKPIs.ReturnedPayments.
	Reversal  bool
	Collector bool // a payment to a debt collector, one of CreditKPIs.DebtCollection unless Uncertain
	// Uncertain marks risk money (a risk category or a payment to a debt
	// collector) categorised below ledger.RiskConfidence: counted in
	// UncertainKPIs instead of the fee, gambling and collection figures.
	Uncertain bool
	day, back dayNum
}

// Bucket is the group of figures a category belongs to.
type Bucket int8

// The buckets.
const (
	OtherBucket    Bucket = iota // spending, transfers, cash, trade, or no category the KPIs know
	IncomeBucket                 // income.*: IncomeKPIs
	CreditBucket                 // credit.*, repaid or borrowed: CreditKPIs
	FeeBucket                    // fees.*: FeeKPIs and spending
	GamblingBucket               // GamblingKPIs
)

// bucketOf returns the bucket of a code.
func bucketOf(c int8) Bucket {
	switch {
	case c == noCode:
		return OtherBucket
	case isIncome(c):
		return IncomeBucket
	case isCredit(c):
		return CreditBucket
	case isFee(c):
		return FeeBucket
	case c == codeGambling:
		return GamblingBucket
	}
	return OtherBucket
}

// Items returns the entries of the last days days up to the book's as-of
// day (the window ComputeKPIs reads), oldest first, as the KPIs read them.
func (bk *Book) Items(days int) []Item {
	b := bk.b
	s := b.window(days)
	out := make([]Item, 0, s.hi-s.lo)
	for i := s.lo; i < s.hi; i++ {
		e := &b.entries[i]
		out = append(out, Item{Entry: e.src, Party: e.payer, Bucket: bucketOf(codeOf(e.src.Category)),
			Counted: e.code != noCode, Own: e.own, Reversal: e.reversal, Collector: e.collector,
			Uncertain: e.uncertain, day: e.day, back: e.back})
	}
	return out
}

// Date is the day the entry was booked, as YYYY-MM-DD.
func (it *Item) Date() string { return it.day.date() }

// DebitDate is, on a credit that gives back a debit (Reversal, money in),
// the day of that debit as YYYY-MM-DD; "" on any other entry.
func (it *Item) DebitDate() string {
	if !it.Reversal || it.Entry.Amount <= 0 {
		return ""
	}
	return it.back.date()
}
