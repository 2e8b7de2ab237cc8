package xs2a

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"openbank/banks"
)

// mapEntry maps one entry of a transaction list onto a banks.Transaction;
// days holds the last date it read, which the next entries often repeat.
func (c *Connector) mapEntry(accountID string, e *transaction, status banks.Status, days *lastDay) (banks.Transaction, error) {
	t := banks.Transaction{AccountID: accountID, Status: status, Currency: e.TransactionAmount.Currency,
		Description: descriptionOf(e), Reference: firstOf(referenceOf(e), e.EndToEndID, e.MandateID),
		Method: methodOf(e.ProprietaryBankTransactionCode, e.BankTransactionCode)}
	var err error
	if t.Amount, err = minorUnits(e.TransactionAmount); err != nil {
		return t, err
	}
	booking, err := days.parse(e.BookingDate)
	if err != nil {
		return t, err
	}
	value, err := days.parse(e.ValueDate)
	if err != nil {
		return t, err
	}
	if status == banks.Booked {
		if booking.IsZero() {
			return t, badAnswer("a booked entry without bookingDate")
		}
		t.BookingDate, t.ValueDate, t.TransactionDate = booking, value, booking
		if value.IsZero() {
			t.ValueDate = booking
		}
	} else {
		t.TransactionDate = firstDate(value, booking, c.now().UTC().Truncate(24*time.Hour))
	}
	if b := &e.BalanceAfterTransaction; b.BalanceAmount != (amount{}) && status == banks.Booked {
		if t.BalanceAfter, err = minorUnits(b.BalanceAmount); err != nil {
			return t, err
		}
	}
	t.Counterparty, t.CounterpartyAccount = counterpartyOf(e, t.Amount)
	t.ID = c.idOf(e, t)
	if c.bank.Quirks.OrderedTransactionIDs && status == banks.Booked && e.EntryReference != "" && e.EntryReference != e.TransactionID {
		t.PendingID = e.EntryReference
	}
	return t, nil
}

// idOf is the entry's id: the bank's transactionId (or entryReference),
// prefixed with its date unless the bank's ids grow by themselves; an
// entry without either gets a digest of what it says.
func (c *Connector) idOf(e *transaction, t banks.Transaction) string {
	id := firstOf(e.TransactionID, e.EntryReference)
	if id == "" {
		sum := sha256.Sum256([]byte(strings.Join([]string{string(t.Status), t.TransactionDate.Format(time.DateOnly),
			e.TransactionAmount.Amount, t.Currency, t.Description, t.Counterparty, t.Reference}, "\x00")))
		id = hex.EncodeToString(sum[:12])
	}
	if c.bank.Quirks.OrderedTransactionIDs {
		return id
	}
	var buf [64]byte
	b := append(t.TransactionDate.AppendFormat(buf[:0], "20060102"), '-')
	return string(append(b, id...))
}

// descriptionOf is the remittance information as the bank prints it.
func descriptionOf(e *transaction) string {
	return firstOf(e.RemittanceInformationUnstructured, referenceOf(e), e.CreditorName, e.DebtorName)
}

func referenceOf(e *transaction) string {
	return e.RemittanceInformationStructured.Reference
}

// counterpartyOf is the other side: the creditor of money out, the
// debtor of money in.
func counterpartyOf(e *transaction, minor int64) (string, string) {
	name, ref := e.CreditorName, &e.CreditorAccount
	if minor > 0 {
		name, ref = e.DebtorName, &e.DebtorAccount
	}
	return name, firstOf(ref.IBAN, ref.BBAN, ref.PAN)
}

// lastDay is the last date an optionalDate read, and its day.
type lastDay struct {
	date string
	day  time.Time
}

// parse reads an optional date as optionalDate does, at once if it is
// the last one read.
func (d *lastDay) parse(s string) (time.Time, error) {
	if s == d.date && s != "" {
		return d.day, nil
	}
	t, err := optionalDate(s)
	if err == nil && s != "" {
		d.date, d.day = s, t
	}
	return t, err
}

func optionalDate(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return t, badAnswer("date " + s)
	}
	return t, nil
}

func firstDate(dates ...time.Time) time.Time {
	for _, d := range dates {
		if !d.IsZero() {
			return d
		}
	}
	return time.Time{}
}

// sortByID orders txs by id, keeping the bank's order among equal ids; a
// bank that lists them in order already (the sandbox) costs one pass.
func sortByID(txs []banks.Transaction) {
	byID := func(a, b banks.Transaction) int { return strings.Compare(a.ID, b.ID) }
	if !slices.IsSortedFunc(txs, byID) {
		slices.SortStableFunc(txs, byID)
	}
}
