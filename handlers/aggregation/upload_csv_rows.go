package aggregation

import (
	"fmt"
	"time"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

// csvUpload gathers the rows of a CSV upload by account, in file order.
type csvUpload struct {
	header   csvHeader
	currency string // of rows without one
	today    time.Time
	accounts map[string]int // account name to index in list
	list     []aggregation.UploadAccount
	balances []csvBalance // by index in list
	rows     int
}

// csvBalance is the balance of an account's latest row that has one.
type csvBalance struct {
	amount int64
	day    time.Time
	set    bool
}

// add checks the row on line n and adds it to its account.
func (b *csvUpload) add(n int, record []string) error {
	if b.rows++; b.rows > aggregation.MaxUploadRows {
		return fault.Validation(line(n), fmt.Sprintf("an upload holds at most %d rows; split the file", aggregation.MaxUploadRows))
	}
	i, err := b.account(n, record)
	if err != nil {
		return err
	}
	t, err := b.transaction(n, record, b.list[i].Currency)
	if err != nil {
		return err
	}
	if bal := &b.balances[i]; t.BalanceAfter != nil && (!bal.set || !t.Date.Before(bal.day)) {
		*bal = csvBalance{amount: *t.BalanceAfter, day: t.Date, set: true}
	}
	b.list[i].Transactions = append(b.list[i].Transactions, t)
	return nil
}

// account finds or starts the row's account; its first row sets its currency.
func (b *csvUpload) account(n int, record []string) (int, error) {
	name := b.header.cell(record, "account")
	if name == "" {
		name = aggregation.DefaultUploadName
	}
	if i, ok := b.accounts[name]; ok {
		return i, nil
	}
	if err := aggregation.CheckUploadText(name, aggregation.MaxAccountNameRune); err != nil {
		return 0, fault.Validation(line(n), "account: "+err.Error())
	}
	if len(b.list) == aggregation.MaxUploadAccounts {
		return 0, fault.Validation(line(n), fmt.Sprintf("account: an upload holds at most %d accounts", aggregation.MaxUploadAccounts))
	}
	currency, err := b.rowCurrency(n, record)
	if err != nil {
		return 0, err
	}
	b.accounts[name] = len(b.list)
	b.list = append(b.list, aggregation.UploadAccount{Name: name, Currency: currency})
	b.balances = append(b.balances, csvBalance{})
	return len(b.list) - 1, nil
}

func (b *csvUpload) rowCurrency(n int, record []string) (string, error) {
	currency := b.header.cell(record, "currency")
	if currency == "" {
		return b.currency, nil
	}
	if err := aggregation.CheckCurrency(currency); err != nil {
		return "", fault.Validation(line(n), "currency: "+err.Error())
	}
	return currency, nil
}

// transaction checks the row's values; its balance is in the account's currency.
func (b *csvUpload) transaction(n int, record []string, accountCurrency string) (aggregation.UploadTransaction, error) {
	var t aggregation.UploadTransaction
	var err error
	if t.Currency, err = b.rowCurrency(n, record); err != nil {
		return t, err
	}
	if t.Date, err = aggregation.ParseUploadDate(b.header.cell(record, "date"), b.today); err != nil {
		return t, fault.Validation(line(n), "date: "+err.Error())
	}
	if t.Amount, err = aggregation.ParseUploadAmount(b.header.cell(record, "amount"), t.Currency); err != nil {
		return t, fault.Validation(line(n), "amount: "+err.Error())
	}
	t.Description, t.Reference = b.header.cell(record, "description"), b.header.cell(record, "reference")
	if err := aggregation.CheckUploadText(t.Description, aggregation.MaxDescriptionRune); err != nil {
		return t, fault.Validation(line(n), "description: "+err.Error())
	}
	if err := aggregation.CheckUploadText(t.Reference, aggregation.MaxReferenceRune); err != nil {
		return t, fault.Validation(line(n), "reference: "+err.Error())
	}
	if raw := b.header.cell(record, "balance"); raw != "" {
		balance, err := aggregation.ParseUploadAmount(raw, accountCurrency)
		if err != nil {
			return t, fault.Validation(line(n), "balance: "+err.Error())
		}
		t.BalanceAfter = &balance
	}
	return t, nil
}

// finish gives each account the balance of its latest row that has one.
func (b *csvUpload) finish() []aggregation.UploadAccount {
	for i, bal := range b.balances {
		if bal.set {
			amount, day := bal.amount, bal.day
			b.list[i].Balance, b.list[i].BalanceDate = &amount, &day
		}
	}
	return b.list
}
