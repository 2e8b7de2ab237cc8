package aggregation

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"time"

	"openbank/store"
)

// saveUploadAccount stores one account of an upload and its rows, in date
// order, and counts the rows added and those already stored.
func saveUploadAccount(ctx context.Context, tx *store.Tx, connectionID int64, a *UploadAccount, cats []Category, now time.Time) (UploadedAccount, error) {
	asOf := now
	if a.BalanceDate != nil {
		asOf = *a.BalanceDate
	}
	acct, err := tx.SaveUploadAccount(ctx, connectionID, store.UploadAccount{IBAN: a.IBAN, Name: a.Name,
		Currency: a.Currency, Balance: a.Balance, AsOf: asOf})
	if err != nil {
		return UploadedAccount{}, err
	}
	if acct.Currency != a.Currency {
		return UploadedAccount{}, uploadConflict("currency", "account "+strconv.Quote(a.Name)+" is kept in "+acct.Currency+
			", the upload gives "+a.Currency)
	}
	rows := uploadRows(acct.ID, a.Transactions, cats)
	added, err := tx.InsertUploadedTransactions(ctx, acct.ID, UploadMethod, rows)
	if err != nil {
		return UploadedAccount{}, err
	}
	return UploadedAccount{ID: acct.ID, Name: a.Name, IBAN: a.IBAN, Currency: a.Currency, Created: acct.Created,
		Added: added, Duplicates: len(rows) - added}, nil
}

// uploadRows are an account's transactions as stored rows, in date order
// (the order of the upload within a day), each named by its digest.
func uploadRows(accountID int64, txs []UploadTransaction, cats []Category) []store.UploadedTransaction {
	rows := make([]store.UploadedTransaction, len(txs))
	seen := make(map[string]int, len(txs))
	for i, t := range txs {
		key := rowKey(accountID, &t)
		seen[key]++
		rows[i] = store.UploadedTransaction{ProviderID: rowDigest(key, seen[key]), Date: t.Date, Amount: t.Amount,
			Currency: t.Currency, BalanceAfter: t.BalanceAfter, Description: t.Description, Reference: t.Reference}
		if cats != nil {
			c := cats[i]
			rows[i].Category, rows[i].Confidence, rows[i].Merchant, rows[i].Version = c.Code, c.Confidence, c.Merchant, c.Version
		}
	}
	slices.SortStableFunc(rows, func(a, b store.UploadedTransaction) int { return a.Date.Compare(b.Date) })
	return rows
}

// rowKey is what makes two rows of an account the same row: account, date,
// amount, currency, description and reference, each ended by a NUL (which
// no checked text holds).
func rowKey(accountID int64, t *UploadTransaction) string {
	b := make([]byte, 0, 64+len(t.Description)+len(t.Reference))
	b = strconv.AppendInt(b, accountID, 10)
	b = append(b, 0)
	b = t.Date.AppendFormat(b, time.DateOnly)
	b = append(b, 0)
	b = strconv.AppendInt(b, t.Amount, 10)
	b = append(b, 0)
	b = append(append(b, t.Currency...), 0)
	b = append(append(b, t.Description...), 0)
	b = append(append(b, t.Reference...), 0)
	return string(b)
}

// rowDigest names the n-th occurrence of a row within one upload: the same
// file sent again gives the same names, and two identical rows of one day
// stay two.
func rowDigest(key string, n int) string {
	sum := sha256.Sum256(strconv.AppendInt([]byte(key), int64(n), 10))
	return "up_" + hex.EncodeToString(sum[:])
}
