package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// CategorySubject is what categorising a connection's transactions needs to
// know of its subject.
type CategorySubject struct {
	ClientID    string         `db:"client_id"`
	SubjectID   string         `db:"subject_id"`
	Provider    string         `db:"provider"`
	Kind        NullString     `db:"subject_kind"` // consumer or business, when known
	OwnAccounts pq.StringArray `db:"own_accounts"` // IBANs and names of the subject's accounts at the client
}

// CategorySubjectOf returns the subject of a connection with the IBANs and
// names of its accounts in every connection of the client's.
func (db *conn) CategorySubjectOf(ctx context.Context, connectionID int64) (*CategorySubject, error) {
	var s CategorySubject
	const q = `SELECT c.client_id, c.subject_id, c.provider, c.subject_kind, coalesce((
			SELECT array_agg(DISTINCT v ORDER BY v) FROM connections o JOIN accounts a ON a.connection_id = o.id,
				unnest(ARRAY[a.iban, a.name]) AS v
			WHERE o.client_id = c.client_id AND o.subject_id = c.subject_id AND v <> ''), '{}') AS own_accounts
		FROM connections c WHERE c.id = $1`
	err := db.get(ctx, &s, q, connectionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: subject of connection %d: %w", connectionID, err)
	}
	return &s, nil
}

// CategoryRow is a stored transaction as the categoriser reads it.
type CategoryRow struct {
	ID                  int64     `db:"id"`
	AccountID           int64     `db:"account_id"`
	TransactionDate     time.Time `db:"transaction_date"`
	Amount              int64     `db:"amount"`
	Currency            string    `db:"currency"`
	Method              string    `db:"method"`
	Description         string    `db:"description"`
	Counterparty        string    `db:"counterparty"`
	CounterpartyAccount string    `db:"counterparty_account"`
	Reference           string    `db:"reference"`
}

const categoryRowColumns = `t.id, t.account_id, t.transaction_date, t.amount, t.currency, t.method, t.description,
	t.counterparty, t.counterparty_account, t.reference`

// RecentCredits lists the money received since a day by a connection's
// accounts, among the last perAccount rows of each: the context in which
// the categoriser recognises payers who pay at a steady rhythm.
func (db *conn) RecentCredits(ctx context.Context, connectionID int64, since time.Time, perAccount int) ([]CategoryRow, error) {
	list := make([]CategoryRow, 0)
	q := `SELECT ` + categoryRowColumns + ` FROM accounts a CROSS JOIN LATERAL (
			SELECT * FROM transactions WHERE account_id = a.id ORDER BY id DESC LIMIT $3) t
		WHERE a.connection_id = $1 AND t.amount > 0 AND t.transaction_date >= $2 AND NOT t.superseded
		ORDER BY t.account_id, t.id`
	if err := db.selectAll(ctx, &list, q, connectionID, since.Format(time.DateOnly), perAccount); err != nil {
		return nil, fmt.Errorf("store: recent credits of %d: %w", connectionID, err)
	}
	return list, nil
}
