package ledger

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
	// Confidence is the categoriser's confidence in Category, 0-1: 1 for a
	// client's own correction or a known true category. See Uncertain.
	Confidence float64 `json:"confidence"`
}
