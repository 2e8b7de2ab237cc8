package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// UploadTarget is what an upload needs to know of the connection it adds to.
type UploadTarget struct {
	SubjectID   string     `db:"subject_id"`
	Provider    string     `db:"provider"`
	SubjectKind NullString `db:"subject_kind"`
}

// LockUploadTarget locks one of the client's connections for the rest of
// the transaction and returns it; ErrNotFound when the client has none
// with this id.
func (db *conn) LockUploadTarget(ctx context.Context, clientID string, id int64) (*UploadTarget, error) {
	var t UploadTarget
	err := db.get(ctx, &t, `SELECT subject_id, provider, subject_kind FROM connections
		WHERE id = $1 AND client_id = $2 FOR UPDATE`, id, clientID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: lock connection %d: %w", id, err)
	}
	return &t, nil
}

// InsertUploadConnection adds a connection of uploaded data with its
// subject's kind and a consent that is ok and never expires (there is no
// bank to ask again), and fills the connection's id and creation time.
func (db *conn) InsertUploadConnection(ctx context.Context, c *Connection, kind string, now time.Time) error {
	return db.inTx(ctx, func(tx *Tx) error {
		const q = `INSERT INTO connections (client_id, subject_id, provider, access, consent_days, callback_fields,
			request_id, group_id, subject_kind) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`
		err := tx.queryRow(ctx, q, c.ClientID, c.SubjectID, c.Provider, c.Access, c.ConsentDays, c.CallbackFields,
			c.RequestID, c.GroupID, kind).Scan(&c.ID, &c.CreatedAt)
		if err != nil {
			return fmt.Errorf("store: insert upload connection: %w", mapError(err))
		}
		_, err = tx.exec(ctx, `INSERT INTO bank_consents (connection_id, status, request_id, completed_at)
			VALUES ($1, 'ok', $2, $3)`, c.ID, c.RequestID, now)
		if err != nil {
			return fmt.Errorf("store: insert upload consent: %w", mapError(err))
		}
		return nil
	})
}

// MarkUploaded stamps a connection's fetch times with an upload's time, so
// that polling clients see its data as fresh.
func (db *conn) MarkUploaded(ctx context.Context, connectionID int64, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE connections SET last_fetch_at = $2, last_successful_fetch_at = $2 WHERE id = $1`,
		connectionID, now)
	if err != nil {
		return fmt.Errorf("store: mark connection %d uploaded: %w", connectionID, err)
	}
	return nil
}

// UploadAccount is an account as an upload describes it.
type UploadAccount struct {
	IBAN     string // "" when not given
	Name     string
	Currency string
	Balance  *int64    // nil: keep the stored balance (0 for a new account)
	AsOf     time.Time // when the balance was taken
}

// UploadedAccount is the stored account an upload's account resolved to.
type UploadedAccount struct {
	ID       int64  `db:"id"`
	Currency string `db:"currency"`
	Created  bool   `db:"-"`
}

// SaveUploadAccount finds the connection's account with the IBAN, else the
// one with the name (and no other IBAN), and updates its IBAN and balance;
// without one it creates a current account.
func (db *conn) SaveUploadAccount(ctx context.Context, connectionID int64, a UploadAccount) (UploadedAccount, error) {
	var found UploadedAccount
	err := db.get(ctx, &found, `SELECT id, currency FROM accounts WHERE connection_id = $1
		AND (($2 <> '' AND iban = $2) OR (name = $3 AND (iban = '' OR $2 = '')))
		ORDER BY ($2 <> '' AND iban = $2) DESC, id LIMIT 1 FOR UPDATE`, connectionID, a.IBAN, a.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return db.insertUploadAccount(ctx, connectionID, a)
	}
	if err != nil {
		return found, fmt.Errorf("store: find upload account: %w", err)
	}
	_, err = db.exec(ctx, `UPDATE accounts SET iban = CASE WHEN iban = '' THEN $2 ELSE iban END,
		balance = coalesce($3, balance), available = coalesce($3, available),
		updated_at = CASE WHEN $3::bigint IS NULL THEN updated_at ELSE $4 END WHERE id = $1`,
		found.ID, a.IBAN, a.Balance, a.AsOf)
	if err != nil {
		return found, fmt.Errorf("store: update upload account %d: %w", found.ID, err)
	}
	return found, nil
}

func (db *conn) insertUploadAccount(ctx context.Context, connectionID int64, a UploadAccount) (UploadedAccount, error) {
	key := "name:" + a.Name
	if a.IBAN != "" {
		key = "iban:" + a.IBAN
	}
	balance := int64(0)
	if a.Balance != nil {
		balance = *a.Balance
	}
	out := UploadedAccount{Currency: a.Currency, Created: true}
	err := db.get(ctx, &out.ID, `INSERT INTO accounts (connection_id, provider_account_id, iban, name, type, currency,
		balance, available, updated_at) VALUES ($1, $2, $3, $4, 'current', $5, $6, $6, $7) RETURNING id`,
		connectionID, key, a.IBAN, a.Name, a.Currency, balance, a.AsOf)
	if err != nil {
		return out, fmt.Errorf("store: insert upload account: %w", mapError(err))
	}
	return out, nil
}

// UploadedTransaction is a booked transaction of an upload.
type UploadedTransaction struct {
	ProviderID   string // the row digest that recognises the row when it is sent again
	Date         time.Time
	Amount       int64
	Currency     string
	BalanceAfter *int64
	Description  string
	Reference    string
	Category     string // "" when not categorised
	Confidence   float64
	Merchant     string
	Version      int16 // the categoriser's version; 0 when not categorised
}

// InsertUploadedTransactions adds an account's uploaded rows as booked
// transactions of the given method, in the order given (so their ids grow
// in it), skipping the rows whose provider id the account already holds.
// It returns how many were added.
func (db *conn) InsertUploadedTransactions(ctx context.Context, accountID int64, method string, txs []UploadedTransaction) (int, error) {
	if len(txs) == 0 {
		return 0, nil
	}
	c := uploadColumnsOf(txs)
	const q = `INSERT INTO transactions (account_id, provider_transaction_id, status, transaction_date, booking_date,
		value_date, amount, currency, balance_after, method, description, reference, category, category_confidence,
		merchant, categoriser_version)
		SELECT $1, u.id, 'booked', u.day, u.day, u.day, u.amount, u.currency, CASE WHEN u.has_balance THEN u.balance END,
			$2, u.description, u.reference, nullif(u.category, '')::transaction_category, CASE WHEN u.category <> '' THEN u.confidence END,
			nullif(u.merchant, ''), u.version
		FROM unnest($3::text[], $4::date[], $5::bigint[], $6::text[], $7::bool[], $8::bigint[], $9::text[],
			$10::text[], $11::text[], $12::real[], $13::text[], $14::smallint[])
			WITH ORDINALITY AS u(id, day, amount, currency, has_balance, balance, description, reference, category,
				confidence, merchant, version, n)
		ORDER BY u.n
		ON CONFLICT (account_id, provider_transaction_id) DO NOTHING`
	res, err := db.exec(ctx, q, accountID, method, c.ids, c.days, c.amounts, c.currencies, c.hasBalance, c.balances,
		c.descriptions, c.references, c.categories, c.confidences, c.merchants, c.versions)
	if err != nil {
		return 0, fmt.Errorf("store: insert uploaded transactions: %w", mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: insert uploaded transactions: %w", err)
	}
	return int(n), nil
}

// uploadColumns are uploaded rows as one array per column, of the array
// types lib/pq encodes without reflection; "" and hasBalance stand for NULL.
type uploadColumns struct {
	ids, days, currencies, descriptions, references, categories, merchants pq.StringArray
	amounts, balances, versions                                            pq.Int64Array
	hasBalance                                                             pq.BoolArray
	confidences                                                            pq.Float64Array
}

func uploadColumnsOf(txs []UploadedTransaction) uploadColumns {
	n := len(txs)
	c := uploadColumns{ids: make([]string, n), days: make([]string, n), currencies: make([]string, n),
		descriptions: make([]string, n), references: make([]string, n), categories: make([]string, n),
		merchants: make([]string, n), amounts: make([]int64, n), balances: make([]int64, n), versions: make([]int64, n),
		hasBalance: make([]bool, n), confidences: make([]float64, n)}
	for i, t := range txs {
		c.ids[i], c.days[i], c.currencies[i] = t.ProviderID, t.Date.Format(time.DateOnly), t.Currency
		c.descriptions[i], c.references[i], c.amounts[i] = t.Description, t.Reference, t.Amount
		c.categories[i], c.confidences[i], c.merchants[i], c.versions[i] = t.Category, t.Confidence, t.Merchant, int64(t.Version)
		if t.BalanceAfter != nil {
			c.balances[i], c.hasBalance[i] = *t.BalanceAfter, true
		}
	}
	return c
}
