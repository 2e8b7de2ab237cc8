package train

import (
	"openbank/banks"
	"openbank/insight/ledger"
)

// Categorise assigns a TAXONOMY.md code to a transaction from what a bank
// prints: its description and its signed amount in minor units.
type Categorise func(desc string, amount int64) string

// LedgerFromBank builds a ledger from a bank's accounts and transactions,
// keeping booked ones only. Limits are known (banks report them). With a nil
// assign, categories are the mock banks' ground truth.
func LedgerFromBank(kind ledger.SubjectKind, accounts []banks.Account, txs []banks.Transaction, assign Categorise) *ledger.Ledger {
	l := &ledger.Ledger{Kind: kind, Accounts: make([]ledger.LedgerAccount, 0, len(accounts)), Entries: make([]ledger.LedgerEntry, 0, len(txs))}
	for _, a := range accounts {
		l.Accounts = append(l.Accounts, ledger.LedgerAccount{ID: a.ID, Type: ledger.AccountKind(a.Type), Currency: a.Currency,
			Balance: a.Balance, Limit: a.Limit, HasLimit: true})
	}
	for i := range txs {
		tx := &txs[i]
		if tx.Status != banks.Booked {
			continue
		}
		code := tx.TrueCategory
		if assign != nil {
			code = assign(tx.Description, tx.Amount)
		}
		l.Entries = append(l.Entries, ledger.LedgerEntry{AccountID: tx.AccountID, Date: tx.BookingDate, Amount: tx.Amount,
			Description: tx.Description, Merchant: tx.Counterparty, Category: code, Confidence: 1})
	}
	return l
}
