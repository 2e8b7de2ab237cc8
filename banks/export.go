package banks

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"time"
)

// ErrExportFormat is returned by Export for a format other than csv or json.
var ErrExportFormat = errors.New("banks: export format must be csv or json")

// exportFile is the JSON shape of an export.
type exportFile struct {
	Bank     string          `json:"bank"`
	Seed     int64           `json:"seed"`
	AsOf     string          `json:"asOf"`
	Accounts []exportAccount `json:"accounts"`
}

type exportAccount struct {
	Account
	OpeningBalance int64       `json:"openingBalance"`
	Transactions   []exportRow `json:"transactions"`
}

// exportRow is a transaction with printable dates and its true category.
type exportRow struct {
	ID                  string `json:"id"`
	Status              Status `json:"status"`
	TransactionDate     string `json:"transactionDate"`
	BookingDate         string `json:"bookingDate"`
	ValueDate           string `json:"valueDate"`
	Amount              int64  `json:"amount"`
	Currency            string `json:"currency"`
	BalanceAfter        int64  `json:"balanceAfter"`
	Method              Method `json:"method"`
	Description         string `json:"description"`
	Counterparty        string `json:"counterparty"`
	CounterpartyAccount string `json:"counterpartyAccount"`
	Reference           string `json:"reference"`
	PendingID           string `json:"pendingId"`
	TrueCategory        string `json:"trueCategory"`
}

// Export writes a mock bank's accounts and transactions (booked and still
// pending, with their true categories) for a seed as of now, as "csv" or
// "json". The output is byte-identical for the same inputs.
func Export(w io.Writer, bankCode string, seed int64, format string, now time.Time) error {
	spec, ok := specFor(bankCode)
	if !ok {
		return ErrUnknownBank
	}
	if format != "csv" && format != "json" {
		return ErrExportFormat
	}
	file := exportFile{Bank: bankCode, Seed: seed, AsOf: now.UTC().Format(time.RFC3339)}
	for _, h := range generate(spec, seed, ScenarioNormal, now) {
		a := exportAccount{Account: h.account, OpeningBalance: h.opening, Transactions: []exportRow{}}
		for _, tx := range h.matching(Query{}) {
			a.Transactions = append(a.Transactions, rowOf(&tx))
		}
		file.Accounts = append(file.Accounts, a)
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(file)
	}
	return writeCSV(w, &file)
}

func rowOf(tx *Transaction) exportRow {
	return exportRow{ID: tx.ID, Status: tx.Status, TransactionDate: isoDate(tx.TransactionDate),
		BookingDate: isoDate(tx.BookingDate), ValueDate: isoDate(tx.ValueDate), Amount: tx.Amount,
		Currency: tx.Currency, BalanceAfter: tx.BalanceAfter, Method: tx.Method, Description: tx.Description,
		Counterparty: tx.Counterparty, CounterpartyAccount: tx.CounterpartyAccount, Reference: tx.Reference,
		PendingID: tx.PendingID, TrueCategory: tx.TrueCategory}
}

var csvHeader = []string{"record", "account_id", "iban", "account_name", "account_type", "currency",
	"account_balance", "account_limit", "opening_balance", "id", "status", "transaction_date", "booking_date",
	"value_date", "amount", "balance_after", "method", "description", "counterparty", "counterparty_account",
	"reference", "pending_id", "true_category"}

// writeCSV writes one "account" row per account followed by its "transaction"
// rows; amounts are printed in pounds from the minor units.
func writeCSV(w io.Writer, f *exportFile) error {
	out := csv.NewWriter(w)
	out.Write(csvHeader)
	for _, a := range f.Accounts {
		out.Write([]string{"account", a.ID, a.IBAN, a.Name, string(a.Type), a.Currency,
			pounds(a.Balance), pounds(a.Limit), pounds(a.OpeningBalance), "", "", "", "", "", "", "", "", "", "", "", "", "", ""})
		for _, r := range a.Transactions {
			balance := pounds(r.BalanceAfter)
			if r.Status == Pending {
				balance = ""
			}
			out.Write([]string{"transaction", a.ID, "", "", "", r.Currency, "", "", "", r.ID, string(r.Status),
				r.TransactionDate, r.BookingDate, r.ValueDate, pounds(r.Amount), balance, string(r.Method),
				r.Description, r.Counterparty, r.CounterpartyAccount, r.Reference, r.PendingID, r.TrueCategory})
		}
	}
	out.Flush()
	return out.Error()
}

// pounds prints minor units as a decimal amount, e.g. -1234 as -12.34.
func pounds(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	pence := strconv.FormatInt(minor%100, 10)
	return sign + strconv.FormatInt(minor/100, 10) + "." + "00"[len(pence):] + pence
}

// isoDate prints a date as YYYY-MM-DD, or nothing for the zero time.
func isoDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}
