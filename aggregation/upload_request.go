package aggregation

import (
	"fmt"
	"time"

	"openbank/store"
)

// UploadRequest is an upload of accounts and transactions from elsewhere,
// its values already read and checked field by field (amounts in
// hundredths, dates as calendar days).
type UploadRequest struct {
	ClientID     string
	SubjectID    string
	Kind         string // consumer or business
	ConnectionID int64  // 0: create a connection
	RequestID    string
	GroupID      string
	Accounts     []UploadAccount
}

// UploadAccount is one account of an upload.
type UploadAccount struct {
	Name         string
	IBAN         string // normalised, "" when not given
	Currency     string
	Balance      *int64     // nil: not given
	BalanceDate  *time.Time // the day the balance was taken; nil: the upload's time
	Transactions []UploadTransaction
}

// UploadTransaction is one booked transaction of an upload.
type UploadTransaction struct {
	Date         time.Time
	Amount       int64 // hundredths, negative for money out
	Currency     string
	Description  string
	Reference    string
	BalanceAfter *int64 // the balance after it, when given
}

// Uploaded is the outcome of an upload.
type Uploaded struct {
	Connection *store.Connection
	Accounts   []UploadedAccount // in the order of the request
	Added      int               // transactions added, all accounts
	Duplicates int               // rows already stored, all accounts
}

// UploadedAccount is what an upload did to one account.
type UploadedAccount struct {
	ID         int64
	Name       string
	IBAN       string
	Currency   string
	Created    bool // the upload created the account
	Added      int
	Duplicates int
}

// check applies the rules that concern the request as a whole: the
// subject, its kind, the number of accounts and rows and accounts named
// twice.
func (r *UploadRequest) check() error {
	if r.SubjectID == "" {
		return &FieldError{Field: "subjectId", Problem: "is required"}
	}
	if err := CheckUploadKind(r.Kind); err != nil {
		return &FieldError{Field: "kind", Problem: err.Error()}
	}
	if len(r.Accounts) == 0 || len(r.Accounts) > MaxUploadAccounts {
		return &FieldError{Field: "accounts", Problem: fmt.Sprintf("must hold 1 to %d accounts", MaxUploadAccounts)}
	}
	rows := 0
	seen := map[string]int{}
	for i, a := range r.Accounts {
		if a.Name == "" {
			return &FieldError{Field: fmt.Sprintf("accounts[%d].name", i), Problem: "is required"}
		}
		rows += len(a.Transactions)
		for _, key := range []string{"iban:" + a.IBAN, "name:" + a.Name} {
			if j, dup := seen[key]; dup && key != "iban:" {
				return &FieldError{Field: fmt.Sprintf("accounts[%d]", i),
					Problem: fmt.Sprintf("names the same account as accounts[%d] (same IBAN or name); put its transactions together", j)}
			}
			seen[key] = i
		}
	}
	if rows > MaxUploadRows {
		return &FieldError{Field: "transactions", Problem: fmt.Sprintf("an upload holds at most %d rows, got %d; split it", MaxUploadRows, rows)}
	}
	return nil
}
