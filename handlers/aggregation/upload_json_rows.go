package aggregation

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// uploadAccountOf reads and checks the account at path and at most budget
// of its transactions.
func uploadAccountOf(path string, raw json.RawMessage, today time.Time, budget int) (aggregation.UploadAccount, error) {
	var b UploadAccountBody
	if err := decodeAt(path, raw, &b); err != nil {
		return aggregation.UploadAccount{}, err
	}
	a, err := b.account(path, today)
	if err != nil {
		return a, err
	}
	if len(b.Transactions) > budget {
		return a, fault.Validation(path+".transactions",
			fmt.Sprintf("an upload holds at most %d rows; split it", aggregation.MaxUploadRows))
	}
	a.Transactions = make([]aggregation.UploadTransaction, len(b.Transactions))
	for i, raw := range b.Transactions {
		if a.Transactions[i], err = uploadTransactionOf(fmt.Sprintf("%s.transactions[%d]", path, i), raw, a.Currency, today); err != nil {
			return a, err
		}
	}
	return a, nil
}

// account checks an account's own fields.
func (b *UploadAccountBody) account(path string, today time.Time) (aggregation.UploadAccount, error) {
	var a aggregation.UploadAccount
	if b.Name == nil || strings.TrimSpace(*b.Name) == "" {
		return a, fault.Validation(path+".name", "is required")
	}
	a.Name = strings.TrimSpace(*b.Name)
	if err := aggregation.CheckUploadText(a.Name, aggregation.MaxAccountNameRune); err != nil {
		return a, fault.Validation(path+".name", err.Error())
	}
	if b.Currency == nil {
		return a, fault.Validation(path+".currency", "is required: an ISO 4217 code such as GBP")
	}
	a.Currency = *b.Currency
	if err := aggregation.CheckCurrency(a.Currency); err != nil {
		return a, fault.Validation(path+".currency", err.Error())
	}
	if b.IBAN != "" {
		iban, err := aggregation.NormaliseIBAN(b.IBAN)
		if err != nil {
			return a, fault.Validation(path+".iban", err.Error())
		}
		a.IBAN = iban
	}
	if b.Balance != nil {
		balance, err := jsonAmount(b.Balance, a.Currency)
		if err != nil {
			return a, fault.Validation(path+".balance", err.Error())
		}
		a.Balance = &balance
	}
	if b.BalanceDate != nil {
		day, err := aggregation.ParseUploadDate(*b.BalanceDate, today)
		if err != nil {
			return a, fault.Validation(path+".balanceDate", err.Error())
		}
		a.BalanceDate = &day
	}
	return a, nil
}

// uploadTransactionOf reads and checks the transaction at path of an
// account kept in currency.
func uploadTransactionOf(path string, raw json.RawMessage, currency string, today time.Time) (aggregation.UploadTransaction, error) {
	var b UploadTransactionBody
	if err := decodeAt(path, raw, &b); err != nil {
		return aggregation.UploadTransaction{}, err
	}
	t := aggregation.UploadTransaction{Currency: currency, Reference: strings.TrimSpace(b.Reference)}
	if b.Currency != "" {
		if err := aggregation.CheckCurrency(b.Currency); err != nil {
			return t, fault.Validation(path+".currency", err.Error())
		}
		t.Currency = b.Currency
	}
	if b.Date == nil {
		return t, fault.Validation(path+".date", "is required: an ISO 8601 date such as 2026-03-01")
	}
	var err error
	if t.Date, err = aggregation.ParseUploadDate(*b.Date, today); err != nil {
		return t, fault.Validation(path+".date", err.Error())
	}
	if b.Amount == nil {
		return t, fault.Validation(path+".amount", "is required: a number or a decimal string, negative for money out")
	}
	if t.Amount, err = jsonAmount(b.Amount, t.Currency); err != nil {
		return t, fault.Validation(path+".amount", err.Error())
	}
	if b.Description == nil {
		return t, fault.Validation(path+".description", "is required (it may be empty)")
	}
	t.Description = strings.TrimSpace(*b.Description)
	if err := aggregation.CheckUploadText(t.Description, aggregation.MaxDescriptionRune); err != nil {
		return t, fault.Validation(path+".description", err.Error())
	}
	if err := aggregation.CheckUploadText(t.Reference, aggregation.MaxReferenceRune); err != nil {
		return t, fault.Validation(path+".reference", err.Error())
	}
	return t, nil
}

// jsonAmount reads an amount sent as a JSON number or a decimal string,
// from its text, never through a float.
func jsonAmount(raw json.RawMessage, currency string) (int64, error) {
	text := string(raw)
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(raw, &text); err != nil {
			return 0, errors.New("must be a number or a decimal string")
		}
		text = strings.TrimSpace(text)
	}
	return aggregation.ParseUploadAmount(text, currency)
}
