package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Account is an account of a connection, amounts in minor units.
type Account struct {
	ID                int64     `db:"id"`
	ConnectionID      int64     `db:"connection_id"`
	ProviderAccountID string    `db:"provider_account_id"`
	IBAN              string    `db:"iban"`
	Name              string    `db:"name"`
	Type              string    `db:"type"`
	Currency          string    `db:"currency"`
	Balance           int64     `db:"balance"`
	Available         int64     `db:"available"`
	CreditLimit       int64     `db:"credit_limit"`
	UpdatedAt         time.Time `db:"updated_at"`
}

// Transaction is a stored transaction, amounts in minor units.
type Transaction struct {
	ID                  int64         `db:"id"`
	AccountID           int64         `db:"account_id"`
	Status              string        `db:"status"`
	TransactionDate     time.Time     `db:"transaction_date"`
	BookingDate         sql.NullTime  `db:"booking_date"`
	ValueDate           sql.NullTime  `db:"value_date"`
	Amount              int64         `db:"amount"`
	Currency            string        `db:"currency"`
	BalanceAfter        sql.NullInt64 `db:"balance_after"`
	Method              string        `db:"method"`
	Description         string        `db:"description"`
	Counterparty        string        `db:"counterparty"`
	CounterpartyAccount string        `db:"counterparty_account"`
	Reference           string        `db:"reference"`
	ReplacesID          sql.NullInt64 `db:"replaces_id"`
	// The category, NULL until the transaction is categorised.
	Category           NullString      `db:"category"`
	CategoryConfidence sql.NullFloat64 `db:"category_confidence"`
	Merchant           NullString      `db:"merchant"` // NULL when the categoriser does not know it
}

// Accounts lists the accounts of one of the client's connections.
func (db *conn) Accounts(ctx context.Context, clientID string, connectionID int64) ([]Account, error) {
	list := make([]Account, 0)
	const q = `SELECT a.id, a.connection_id, a.provider_account_id, a.iban, a.name, a.type, a.currency, a.balance,
		a.available, a.credit_limit, a.updated_at FROM accounts a JOIN connections c ON c.id = a.connection_id
		WHERE a.connection_id = $1 AND c.client_id = $2 ORDER BY a.id`
	if err := db.selectAll(ctx, &list, q, connectionID, clientID); err != nil {
		return nil, fmt.Errorf("store: accounts of %d: %w", connectionID, err)
	}
	return list, nil
}

// AccountVisible reports whether the account belongs to one of the client's connections.
func (db *conn) AccountVisible(ctx context.Context, clientID string, accountID int64) (bool, error) {
	var ok bool
	err := db.getPrepared(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM accounts a JOIN connections c ON c.id = a.connection_id
		WHERE a.id = $1 AND c.client_id = $2)`, accountID, clientID)
	if err != nil {
		return false, fmt.Errorf("store: account %d: %w", accountID, err)
	}
	return ok, nil
}

// Transactions lists up to limit of an account's transactions with an id
// greater than afterID, in id order; pending transactions already booked
// under a new id are left out.
func (db *conn) Transactions(ctx context.Context, accountID, afterID int64, limit int) ([]Transaction, error) {
	list := make([]Transaction, 0, limit)
	const q = `SELECT id, account_id, status, transaction_date, booking_date, value_date, amount, currency,
		balance_after, method, description, counterparty, counterparty_account, reference, replaces_id, category,
		category_confidence, merchant
		FROM transactions WHERE account_id = $1 AND id > $2 AND NOT superseded ORDER BY id LIMIT $3`
	// Not prepared: a generic plan cannot know that "id > $2" keeps a handful
	// of rows, and on a large account it may pick a scan and a sort.
	if err := db.selectAll(ctx, &list, q, accountID, afterID, limit); err != nil {
		return nil, fmt.Errorf("store: transactions of %d: %w", accountID, err)
	}
	return list, nil
}
