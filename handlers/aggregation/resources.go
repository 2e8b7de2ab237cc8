package aggregation

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"openbank/store"
)

// Connection is the API's view of a connection.
type Connection struct {
	ID                    int64             `json:"id"`
	ConnectionID          int64             `json:"connectionId"`
	SubjectID             string            `json:"subjectId"`
	Provider              string            `json:"provider"`
	Access                string            `json:"access"`
	LastConsentStatus     string            `json:"lastConsentStatus"`
	SCAError              string            `json:"scaError,omitempty"` // why the last SCA try failed
	ConsentValidUntil     *time.Time        `json:"consentValidUntil,omitempty"`
	LastFetchAt           *time.Time        `json:"lastFetchAt,omitempty"`
	LastSuccessfulFetchAt *time.Time        `json:"lastSuccessfulFetchAt,omitempty"`
	FetchStatus           string            `json:"fetchStatus"` // the newest fetch's status; none before the first
	LatestFetch           *LatestFetch      `json:"latestFetch,omitempty"`
	CallbackFields        map[string]string `json:"callbackFields"`
	CreatedAt             time.Time         `json:"createdAt"`
	RequestID             string            `json:"requestId"`
	GroupID               string            `json:"groupId,omitempty"`
}

// LatestFetch is a connection's newest fetch.
type LatestFetch struct {
	ID                   int64      `json:"id"`
	Trigger              string     `json:"trigger"`
	Status               string     `json:"status"`
	RequestedAt          time.Time  `json:"requestedAt"`
	StartedAt            *time.Time `json:"startedAt,omitempty"`
	FinishedAt           *time.Time `json:"finishedAt,omitempty"`
	ErrorCode            string     `json:"errorCode,omitempty"`
	ErrorReason          string     `json:"errorReason,omitempty"`
	FlagErrorRecoverable *bool      `json:"flagErrorRecoverable,omitempty"`
	TransactionsAdded    int64      `json:"transactionsAdded"`
}

func connectionOf(c *store.Connection) Connection {
	out := Connection{
		ID: c.ID, ConnectionID: c.ID, SubjectID: c.SubjectID, Provider: c.Provider, Access: c.Access,
		LastConsentStatus: c.LastConsentStatus.String, LastFetchAt: timePtr(c.LastFetchAt),
		LastSuccessfulFetchAt: timePtr(c.LastSuccessfulFetchAt), CallbackFields: fields(c.CallbackFields),
		CreatedAt: c.CreatedAt.UTC(), RequestID: c.RequestID, GroupID: c.GroupID.String, FetchStatus: "none",
		SCAError: c.SCAError.String,
	}
	if out.LastConsentStatus == "ok" { // filled only when the consent is ok
		out.ConsentValidUntil = timePtr(c.ConsentValidUntil)
	}
	if f := &c.LatestFetch; f.ID.Valid {
		out.FetchStatus = f.Status.String
		out.LatestFetch = &LatestFetch{ID: f.ID.Int64, Trigger: f.Trigger.String, Status: f.Status.String,
			RequestedAt: f.RequestedAt.Time.UTC(), StartedAt: timePtr(f.StartedAt), FinishedAt: timePtr(f.FinishedAt),
			ErrorCode: f.ErrorCode.String, ErrorReason: f.ErrorReason.String, TransactionsAdded: f.TransactionsAdded.Int64}
		if f.FlagErrorRecoverable.Valid {
			out.LatestFetch.FlagErrorRecoverable = &f.FlagErrorRecoverable.Bool
		}
	}
	return out
}

// Consent is one SCA of a connection.
type Consent struct {
	ID                int64      `json:"id"`
	ConnectionID      int64      `json:"connectionId"`
	Status            string     `json:"status"`
	ConsentValidUntil *time.Time `json:"consentValidUntil,omitempty"`
	Expired           bool       `json:"expired"`
	Trigger           string     `json:"trigger"`
	CreatedAt         time.Time  `json:"createdAt"`
	CompletedAt       *time.Time `json:"completedAt,omitempty"`
}

func consentOf(k *store.BankConsent, now time.Time) Consent {
	return Consent{
		ID: k.ID, ConnectionID: k.ConnectionID, Status: k.Status, ConsentValidUntil: timePtr(k.ValidUntil),
		Expired: k.Status == "ok" && k.ValidUntil.Valid && !k.ValidUntil.Time.After(now),
		Trigger: k.Trigger, CreatedAt: k.CreatedAt.UTC(), CompletedAt: timePtr(k.CompletedAt),
	}
}

// Fetch is one data download of a connection.
type Fetch struct {
	ID                   int64             `json:"id"`
	ConnectionID         int64             `json:"connectionId"`
	Trigger              string            `json:"trigger"`
	Status               string            `json:"status"`
	RequestedAt          time.Time         `json:"requestedAt"`
	StartedAt            *time.Time        `json:"startedAt,omitempty"`
	FinishedAt           *time.Time        `json:"finishedAt,omitempty"`
	ErrorCode            string            `json:"errorCode,omitempty"`
	ErrorReason          string            `json:"errorReason,omitempty"`
	FlagErrorRecoverable *bool             `json:"flagErrorRecoverable,omitempty"`
	Accounts             int               `json:"accounts"`
	TransactionsAdded    int               `json:"transactionsAdded"`
	CallbackFields       map[string]string `json:"callbackFields"`
	RequestID            string            `json:"requestId,omitempty"`
	GroupID              string            `json:"groupId,omitempty"`
}

func fetchOf(f *store.Fetch) Fetch {
	out := Fetch{
		ID: f.ID, ConnectionID: f.ConnectionID, Trigger: f.Trigger, Status: f.Status, RequestedAt: f.RequestedAt.UTC(),
		StartedAt: timePtr(f.StartedAt), FinishedAt: timePtr(f.FinishedAt), ErrorReason: f.ErrorReason.String, ErrorCode: f.ErrorCode.String,
		Accounts: f.Accounts, TransactionsAdded: f.TransactionsAdded, CallbackFields: fields(f.CallbackFields),
		RequestID: f.RequestID.String, GroupID: f.GroupID.String,
	}
	if f.FlagErrorRecoverable.Valid {
		out.FlagErrorRecoverable = &f.FlagErrorRecoverable.Bool
	}
	return out
}

// Account is an account with amounts as exact decimal strings.
type Account struct {
	ID           int64     `json:"id"`
	AccountID    int64     `json:"accountId"`
	ConnectionID int64     `json:"connectionId"`
	IBAN         string    `json:"iban"`
	Name         string    `json:"name"`
	Type         string    `json:"type"`
	Currency     string    `json:"currency"`
	Balance      string    `json:"balance"`
	Available    string    `json:"available"`
	CreditLimit  string    `json:"creditLimit"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func accountOf(a *store.Account) Account {
	return Account{
		ID: a.ID, AccountID: a.ID, ConnectionID: a.ConnectionID, IBAN: a.IBAN, Name: a.Name, Type: a.Type,
		Currency: a.Currency, Balance: Decimal(a.Balance), Available: Decimal(a.Available),
		CreditLimit: Decimal(a.CreditLimit), UpdatedAt: a.UpdatedAt.UTC(),
	}
}

// Transaction is a transaction with amounts as exact decimal strings.
type Transaction struct {
	TransactionID         int64  `json:"transactionId"`
	AccountID             int64  `json:"accountId"`
	Status                string `json:"status"`
	TransactionDate       string `json:"transactionDate"`
	BookingDate           string `json:"bookingDate,omitempty"`
	ValueDate             string `json:"valueDate,omitempty"`
	Amount                string `json:"amount"`
	Currency              string `json:"currency"`
	BalanceAfter          string `json:"balanceAfter,omitempty"`
	Method                string `json:"method"`
	Description           string `json:"description"`
	Counterparty          string `json:"counterparty,omitempty"`
	CounterpartyAccount   string `json:"counterpartyAccount,omitempty"`
	Reference             string `json:"reference,omitempty"`
	ReplacesTransactionID *int64 `json:"replacesTransactionId,omitempty"`
	// The category: null only until the background re-categorisation
	// reaches a transaction stored before categorisation.
	Category           *string  `json:"category"`
	CategoryConfidence *float64 `json:"categoryConfidence"`
	Merchant           string   `json:"merchant,omitempty"` // left out when the categoriser does not know it
}

func transactionOf(t *store.Transaction) Transaction {
	out := Transaction{
		TransactionID: t.ID, AccountID: t.AccountID, Status: t.Status, TransactionDate: date(t.TransactionDate),
		Amount: Decimal(t.Amount), Currency: t.Currency, Method: t.Method, Description: t.Description,
		Counterparty: t.Counterparty, CounterpartyAccount: t.CounterpartyAccount, Reference: t.Reference,
	}
	if t.BookingDate.Valid {
		out.BookingDate, out.ValueDate = date(t.BookingDate.Time), date(t.ValueDate.Time)
	}
	if t.BalanceAfter.Valid {
		out.BalanceAfter = Decimal(t.BalanceAfter.Int64)
	}
	if t.ReplacesID.Valid {
		out.ReplacesTransactionID = &t.ReplacesID.Int64
	}
	if t.Category.Valid {
		confidence := math.Round(t.CategoryConfidence.Float64*100) / 100 // stored as real: 0.95 reads 0.949999988
		out.Category, out.CategoryConfidence = &t.Category.String, &confidence
	}
	out.Merchant = t.Merchant.String
	return out
}

// Decimal writes minor units as an exact decimal string: -1234 is "-12.34".
func Decimal(minor int64) string {
	sign := ""
	u := uint64(minor)
	if minor < 0 {
		sign, u = "-", uint64(-minor)
	}
	return fmt.Sprintf("%s%d.%02d", sign, u/100, u%100)
}

func date(t time.Time) string { return t.Format(time.DateOnly) }

func timePtr(t store.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// fields reads stored callback fields; a row that does not hold an object
// shows none.
func fields(raw json.RawMessage) map[string]string {
	m := map[string]string{}
	if err := json.Unmarshal(raw, &m); err != nil {
		return map[string]string{}
	}
	return m
}
