package sandbox

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
)

var ibanPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$`)

// accountRef is an account reference as the standard writes it.
type accountRef struct {
	IBAN string `json:"iban,omitempty"`
	BBAN string `json:"bban,omitempty"`
}

// reference is an account reference: an IBAN when it is one, else a BBAN.
func reference(account string) *accountRef {
	if ibanPattern.MatchString(account) {
		return &accountRef{IBAN: account}
	}
	return &accountRef{BBAN: clip(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, account), 30)}
}

// transactions is GET /v1/accounts/{account}/transactions: booked and
// pending from dateFrom, a page at a time when the behaviour says so.
func (a *ASPSP) transactions(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, err := time.Parse(time.DateOnly, q.Get("dateFrom"))
	if err != nil || q.Get("bookingStatus") != "both" && q.Get("bookingStatus") != "booked" && q.Get("bookingStatus") != "pending" {
		fail(w, http.StatusBadRequest, "FORMAT_ERROR", "bookingStatus (booked, pending or both) and dateFrom are required")
		return
	}
	page, _ := strconv.Atoi(q.Get("page"))
	c, ok := a.access(w, r, false)
	if !ok {
		return
	}
	txs, err := a.banks[c.Bank].Transactions(r.Context(), c, r.PathValue("account"), banks.Query{From: from})
	if err != nil {
		refuse(w, err)
		return
	}
	acc, err := a.findAccount(r, c)
	if err != nil {
		refuse(w, err)
		return
	}
	txs = only(txs, q.Get("bookingStatus"))
	next := ""
	if size := a.opts.Behaviour.PageSize; size > 0 {
		start := min(max(page, 0)*size, len(txs))
		end := min(start+size, len(txs))
		if end < len(txs) {
			q.Set("page", strconv.Itoa(page+1))
			next = pathBase(r) + "/v1/accounts/" + url.PathEscape(r.PathValue("account")) + "/transactions?" + q.Encode()
		}
		txs = txs[start:end]
	}
	answer(w, http.StatusOK, a.report(r, acc.IBAN, txs, next))
}

// only keeps the transactions of a booking status ("both": all).
func only(txs []banks.Transaction, status string) []banks.Transaction {
	if status == "both" {
		return txs
	}
	out := txs[:0:0]
	for _, t := range txs {
		if string(t.Status) == status {
			out = append(out, t)
		}
	}
	return out
}

// entry is one transaction as the standard writes it: structs, not maps,
// so that a page of hundreds encodes without sorting keys.
type entry struct {
	TransactionID                     string               `json:"transactionId"`
	EntryReference                    string               `json:"entryReference"`
	BookingDate                       string               `json:"bookingDate,omitempty"`
	ValueDate                         string               `json:"valueDate,omitempty"`
	TransactionAmount                 amount               `json:"transactionAmount"`
	CreditorName                      string               `json:"creditorName,omitempty"`
	CreditorAccount                   *accountRef          `json:"creditorAccount,omitempty"`
	DebtorName                        string               `json:"debtorName,omitempty"`
	DebtorAccount                     *accountRef          `json:"debtorAccount,omitempty"`
	RemittanceInformationUnstructured string               `json:"remittanceInformationUnstructured"`
	RemittanceInformationStructured   *structuredReference `json:"remittanceInformationStructured,omitempty"`
	BankTransactionCode               string               `json:"bankTransactionCode,omitempty"`
	ProprietaryBankTransactionCode    string               `json:"proprietaryBankTransactionCode,omitempty"`
	BalanceAfterTransaction           *balanceAfter        `json:"balanceAfterTransaction,omitempty"`
}

type structuredReference struct {
	Reference string `json:"reference"`
}

type balanceAfter struct {
	BalanceAmount amount `json:"balanceAmount"`
	BalanceType   string `json:"balanceType"`
}

// report is the account report of a page of transactions.
func (a *ASPSP) report(r *http.Request, iban string, txs []banks.Transaction, next string) map[string]any {
	booked, pending := []entry{}, []entry{}
	for i := range txs {
		if txs[i].Status == banks.Booked {
			booked = append(booked, a.entry(&txs[i]))
		} else {
			pending = append(pending, a.entry(&txs[i]))
		}
	}
	links := map[string]any{"account": href(pathBase(r) + "/v1/accounts/" + r.PathValue("account"))}
	if next != "" {
		links["next"] = href(next)
	}
	return map[string]any{"account": map[string]string{"iban": iban},
		"transactions": map[string]any{"booked": booked, "pending": pending, "_links": links}}
}

// entry is one transaction as the standard writes it: the mock bank's id
// as transactionId, and as entryReference the pending entry a booked one
// replaces (its own id otherwise).
func (a *ASPSP) entry(t *banks.Transaction) entry {
	e := entry{TransactionID: t.ID, EntryReference: t.ID, TransactionAmount: money(t.Amount, t.Currency),
		RemittanceInformationUnstructured: clip(t.Description, 140)}
	if t.PendingID != "" {
		e.EntryReference = t.PendingID
	}
	if t.Status == banks.Booked {
		e.BookingDate = t.BookingDate.Format(time.DateOnly)
	}
	if a.opts.Behaviour.Sparse {
		return e
	}
	if t.Status == banks.Booked {
		e.ValueDate = t.ValueDate.Format(time.DateOnly)
		e.BalanceAfterTransaction = &balanceAfter{BalanceAmount: money(t.BalanceAfter, t.Currency), BalanceType: "interimBooked"}
	} else {
		e.ValueDate = t.TransactionDate.Format(time.DateOnly)
	}
	name, account := clip(t.Counterparty, 70), (*accountRef)(nil)
	if t.CounterpartyAccount != "" {
		account = reference(t.CounterpartyAccount)
	}
	if t.Amount > 0 {
		e.DebtorName, e.DebtorAccount = name, account
	} else {
		e.CreditorName, e.CreditorAccount = name, account
	}
	if t.Reference != "" {
		e.RemittanceInformationStructured = &structuredReference{Reference: clip(t.Reference, 140)}
	}
	e.BankTransactionCode = xs2a.BankTransactionCode(t.Method)
	e.ProprietaryBankTransactionCode = string(t.Method)
	return e
}

// amount is an XS2A amount.
type amount struct {
	Currency string `json:"currency"`
	Amount   string `json:"amount"`
}

// money writes minor units (two digits) as an XS2A amount.
func money(minor int64, currency string) amount {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	s := strconv.FormatInt(minor, 10)
	if len(s) < 3 {
		s = strings.Repeat("0", 3-len(s)) + s
	}
	return amount{Currency: currency, Amount: sign + s[:len(s)-2] + "." + s[len(s)-2:]}
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
