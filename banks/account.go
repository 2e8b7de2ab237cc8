package banks

import "time"

// AccountType is the kind of an account.
type AccountType string

// The account types.
const (
	Current    AccountType = "current"
	Savings    AccountType = "savings"
	CreditCard AccountType = "credit_card"
)

// Account is one account of the subject. Amounts are in minor units (pence).
type Account struct {
	ID        string      `json:"id"`   // stable for the same bank and seed
	IBAN      string      `json:"iban"` // an IBAN-shaped identifier (sort code and account number inside)
	Name      string      `json:"name"`
	Type      AccountType `json:"type"`
	Currency  string      `json:"currency"`
	Balance   int64       `json:"balance"`   // booked balance; negative when overdrawn or owed on a card
	Available int64       `json:"available"` // booked balance less pending card payments
	Limit     int64       `json:"limit"`     // arranged overdraft (current) or credit limit (credit card)
}

// Status says whether a transaction is booked or still pending.
type Status string

// The transaction statuses.
const (
	Booked  Status = "booked"
	Pending Status = "pending"
)

// Method is how the money moved, as bank exports show it.
type Method string

// The payment methods.
const (
	Card          Method = "card"
	DirectDebit   Method = "direct_debit"
	StandingOrder Method = "standing_order"
	FasterPayment Method = "faster_payment"
	BACS          Method = "bacs"
	ATM           Method = "atm"
	Fee           Method = "fee"
	Interest      Method = "interest"
	Transfer      Method = "transfer"
	Cash          Method = "cash" // cash paid in over a branch or Post Office counter
)

// Transaction is one movement on an account. Amounts are in minor units,
// negative for money out.
//
// Ids grow within an account in the order transactions appear. A pending card
// payment keeps its own id; when it books, a new booked transaction with a
// greater id carries PendingID, and the pending one is no longer listed.
type Transaction struct {
	ID                  string    `json:"id"`
	AccountID           string    `json:"accountId"`
	Status              Status    `json:"status"`
	TransactionDate     time.Time `json:"transactionDate"`     // when the subject paid or was paid
	BookingDate         time.Time `json:"bookingDate"`         // zero while pending
	ValueDate           time.Time `json:"valueDate"`           // zero while pending
	Amount              int64     `json:"amount"`              // minor units
	Currency            string    `json:"currency"`            // ISO 4217
	BalanceAfter        int64     `json:"balanceAfter"`        // running booked balance; zero while pending
	Method              Method    `json:"method"`              //
	Description         string    `json:"description"`         // as the bank prints it
	Counterparty        string    `json:"counterparty"`        // merchant, payee or payer
	CounterpartyAccount string    `json:"counterpartyAccount"` // the other account's IBAN, when known
	Reference           string    `json:"reference"`           // mandate or payment reference
	PendingID           string    `json:"pendingId"`           // on a booked transaction: the pending one it replaces

	// TrueCategory is the generator's ground-truth TAXONOMY.md code, kept for
	// tests and benchmarks of categorisation. The categoriser must never read it;
	// it is not serialised.
	TrueCategory string `json:"-"`
}
