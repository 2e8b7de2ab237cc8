package insight

import "time"

// SubjectKind says which scorecard reads a subject: individuals, consumers and
// sole traders are consumers; legal entities are businesses.
type SubjectKind string

// The subject kinds.
const (
	ConsumerSubject SubjectKind = "consumer"
	BusinessSubject SubjectKind = "business"
)

// AccountKind is the kind of an account in a ledger.
type AccountKind string

// The account kinds.
const (
	CurrentAccount    AccountKind = "current"
	SavingsAccount    AccountKind = "savings"
	CreditCardAccount AccountKind = "credit_card"
)

// Ledger is what KPIs and scores read: a subject's accounts and their booked
// transactions, with the category of each transaction when it is known.
type Ledger struct {
	Kind     SubjectKind     `json:"kind"`
	Accounts []LedgerAccount `json:"accounts"`
	Entries  []LedgerEntry   `json:"entries"` // booked transactions, in any order
}

// LedgerAccount is one account. Amounts are minor units; Balance is the booked
// balance at the ledger's as-of date or later (negative when overdrawn or owed).
type LedgerAccount struct {
	ID       string      `json:"id"`
	Type     AccountKind `json:"type"`
	Currency string      `json:"currency"`
	Balance  int64       `json:"balance"`
	Limit    int64       `json:"limit"`    // arranged overdraft or credit limit, when HasLimit
	HasLimit bool        `json:"hasLimit"` // the bank told us the credit line
}

// LedgerEntry is one booked transaction, negative for money out.
type LedgerEntry struct {
	AccountID   string    `json:"accountId"`
	Date        time.Time `json:"date"` // booking date
	Amount      int64     `json:"amount"`
	Description string    `json:"description"`
	Merchant    string    `json:"merchant"` // counterparty: merchant, payee or payer; may be empty
	Category    string    `json:"category"` // a TAXONOMY.md code; empty when not categorised
}

// categorised reports whether most entries carry a category, so that the
// features that need categories can be trusted.
func (l *Ledger) categorised() bool {
	n := 0
	for i := range l.Entries {
		if l.Entries[i].Category != "" {
			n++
		}
	}
	return len(l.Entries) > 0 && n*10 >= len(l.Entries)*9
}

// creditLine reports whether the limit of every current and card account is known.
func (l *Ledger) creditLine() bool {
	seen := false
	for _, a := range l.Accounts {
		if a.Type == SavingsAccount {
			continue
		}
		if !a.HasLimit {
			return false
		}
		seen = true
	}
	return seen
}
