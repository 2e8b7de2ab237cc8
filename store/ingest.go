package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lib/pq"
)

// AccountData is an account as a provider reported it.
type AccountData struct {
	ProviderAccountID string
	IBAN, Name, Type  string
	Currency          string
	Balance           int64
	Available         int64
	CreditLimit       int64
	Cursor            string // the provider's newest transaction id after this fetch
	Transactions      []TransactionData
}

// TransactionData is a new transaction as a provider reported it.
type TransactionData struct {
	ProviderID          string
	Status              string
	TransactionDate     time.Time
	BookingDate         *time.Time
	ValueDate           *time.Time
	Amount              int64
	Currency            string
	BalanceAfter        *int64
	Method              string
	Description         string
	Counterparty        string
	CounterpartyAccount string
	Reference           string
	ReplacesProviderID  string // a booked transaction's pending predecessor
	Category            Category
}

// Category is the category a transaction is stored with.
type Category struct {
	Code       string  // a taxonomy code; "" when not categorised (stored as NULL)
	Confidence float64 // 0 to 1
	Merchant   string  // the clean merchant name; "" when unknown (stored as NULL)
	Version    int16   // the categoriser's version number; 0 when not categorised
}

// columns are the category's values for the four category columns.
func (c Category) columns() (code, confidence, merchant any, version int16) {
	if c.Code != "" {
		code, confidence = c.Code, c.Confidence
	}
	if c.Merchant != "" {
		merchant = c.Merchant
	}
	return code, confidence, merchant, c.Version
}

// Cursors returns, per provider account id, the newest provider transaction
// id already stored for the connection.
func (db *conn) Cursors(ctx context.Context, connectionID int64) (map[string]string, error) {
	rows := []struct {
		Provider string `db:"provider_account_id"`
		Cursor   string `db:"cursor"`
	}{}
	if err := db.selectAll(ctx, &rows, `SELECT provider_account_id, cursor FROM accounts WHERE connection_id = $1`, connectionID); err != nil {
		return nil, fmt.Errorf("store: cursors of %d: %w", connectionID, err)
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[r.Provider] = r.Cursor
	}
	return m, nil
}

// SaveFetch stores a successful fetch in one transaction: accounts are
// upserted (a reconnect keeps their ids), new transactions are copied in
// provider order (so their ids grow within the account), booked
// transactions supersede the pending ones they replace, and the fetch and
// its connection are stamped with clock's time when the rows are written,
// so lastFetchAt is never earlier than the data it announces. then runs
// last in the same transaction.
//
// When ctx has a deadline (a job's lease), no statement of the transaction
// outlives it: should this process die, PostgreSQL ends its work and frees
// its locks by then, rather than making the job's next owner wait.
func (db *conn) SaveFetch(ctx context.Context, fetchID, connectionID int64, clock func() time.Time, accounts []AccountData, then func(*Tx) error) (int, error) {
	added := 0
	// The transaction and its COPY do not follow ctx's cancellation: lib/pq
	// reads a COPY's answers on a goroutine of its own, and the rollback
	// database/sql starts when a transaction's context ends would read the
	// same connection at once (lib/pq issue 1401; a data race the race
	// detector caught when a test's server stopped mid-fetch). A cancelled
	// ctx ends the save between accounts instead, and its deadline still
	// bounds every statement (boundByDeadline).
	work := context.WithoutCancel(ctx)
	err := db.inTx(work, func(tx *Tx) error {
		if err := tx.boundByDeadline(ctx); err != nil {
			return err
		}
		if err := tx.LockConnection(work, connectionID); err != nil {
			return err
		}
		now := clock()
		for i := range accounts {
			if err := ctx.Err(); err != nil {
				return err
			}
			n, err := tx.saveAccount(work, fetchID, connectionID, now, &accounts[i])
			if err != nil {
				return err
			}
			added += n
		}
		now = clock()
		if _, err := tx.exec(ctx, `UPDATE fetches SET status = 'succeeded', finished_at = $2, accounts = $3,
			transactions_added = $4, error_reason = NULL, error_code = NULL, flag_error_recoverable = NULL WHERE id = $1`,
			fetchID, now, len(accounts), added); err != nil {
			return fmt.Errorf("store: finish fetch %d: %w", fetchID, err)
		}
		if _, err := tx.exec(ctx, `UPDATE connections SET last_fetch_at = $2, last_successful_fetch_at = $2 WHERE id = $1`, connectionID, now); err != nil {
			return fmt.Errorf("store: stamp connection: %w", err)
		}
		return then(tx)
	})
	return added, err
}

// quietFetchSQL stores a fetch that brought no transaction, for accounts
// the connection already has, in one statement: the connection is locked
// first (as SaveFetch locks it), then the accounts' details and balances,
// the fetch and the connection's stamps are written.
const quietFetchSQL = `WITH c AS (SELECT id FROM connections WHERE id = $2 FOR UPDATE),
	a AS (UPDATE accounts SET iban = v.iban, name = v.name, type = v.type, balance = v.balance,
			available = v.available, credit_limit = v.credit_limit, updated_at = $3
		FROM c, unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])
			AS v(provider_account_id, iban, name, type, balance, available, credit_limit)
		WHERE accounts.connection_id = c.id AND accounts.provider_account_id = v.provider_account_id
		RETURNING accounts.id),
	f AS (UPDATE fetches SET status = 'succeeded', finished_at = $3, accounts = $11, transactions_added = 0,
			error_reason = NULL, error_code = NULL, flag_error_recoverable = NULL
		WHERE id = $1 AND EXISTS (SELECT 1 FROM c) RETURNING id)
	UPDATE connections SET last_fetch_at = $3, last_successful_fetch_at = $3 FROM c
	WHERE connections.id = c.id RETURNING (SELECT count(*) FROM a)`

// SaveQuietFetch stores, as SaveFetch would, a successful fetch that brought
// no transaction and no account the connection did not have, in one
// statement. ErrNotFound: the connection was deleted meanwhile.
func (db *conn) SaveQuietFetch(ctx context.Context, fetchID, connectionID int64, now time.Time, accounts []AccountData) error {
	n := len(accounts)
	ids, ibans, names, types := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	balances, available, limits := make([]int64, n), make([]int64, n), make([]int64, n)
	for i := range accounts {
		a := &accounts[i]
		ids[i], ibans[i], names[i], types[i] = a.ProviderAccountID, a.IBAN, a.Name, a.Type
		balances[i], available[i], limits[i] = a.Balance, a.Available, a.CreditLimit
	}
	var updated int
	err := db.getPrepared(ctx, &updated, quietFetchSQL, fetchID, connectionID, now, pq.Array(ids), pq.Array(ibans),
		pq.Array(names), pq.Array(types), pq.Array(balances), pq.Array(available), pq.Array(limits), n)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: save fetch %d: %w", fetchID, err)
	}
	if updated != n {
		return fmt.Errorf("store: save fetch %d: %d of %d accounts are the connection's", fetchID, updated, n)
	}
	return nil
}

// boundByDeadline sets the transaction's statement and lock timeouts to
// the time left before ctx's deadline; without a deadline it does nothing.
func (db *conn) boundByDeadline(ctx context.Context) error {
	deadline, ok := ctx.Deadline()
	if !ok {
		return nil
	}
	left := time.Until(deadline).Milliseconds()
	if left < 1 {
		return context.DeadlineExceeded
	}
	_, err := db.exec(ctx, `SELECT set_config('statement_timeout', $1, true), set_config('lock_timeout', $1, true)`,
		fmt.Sprintf("%dms", left))
	if err != nil {
		return fmt.Errorf("store: bound transaction by deadline: %w", err)
	}
	return nil
}

func (db *conn) saveAccount(ctx context.Context, fetchID, connectionID int64, now time.Time, a *AccountData) (int, error) {
	var accountID int64
	const upsert = `INSERT INTO accounts (connection_id, provider_account_id, iban, name, type, currency, balance,
		available, credit_limit, cursor, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (connection_id, provider_account_id) DO UPDATE SET iban = EXCLUDED.iban, name = EXCLUDED.name,
		type = EXCLUDED.type, balance = EXCLUDED.balance, available = EXCLUDED.available,
		credit_limit = EXCLUDED.credit_limit, cursor = greatest(accounts.cursor, EXCLUDED.cursor), updated_at = EXCLUDED.updated_at
		RETURNING id`
	if err := db.get(ctx, &accountID, upsert, connectionID, a.ProviderAccountID, a.IBAN, a.Name, a.Type,
		a.Currency, a.Balance, a.Available, a.CreditLimit, a.Cursor, now); err != nil {
		return 0, fmt.Errorf("store: save account: %w", err)
	}
	if len(a.Transactions) == 0 {
		return 0, nil
	}
	pending, err := db.pendingIDs(ctx, accountID)
	if err != nil {
		return 0, err
	}
	replaced, err := db.copyTransactions(ctx, fetchID, accountID, a.Transactions, pending)
	if err != nil {
		return 0, err
	}
	if err := db.supersede(ctx, accountID, replaced); err != nil {
		return 0, err
	}
	return len(a.Transactions), nil
}

// supersede marks the pending transactions that booked ones replaced. The
// ids are known from the copy, so this touches those rows only, whatever
// the planner thinks of a table it has not analysed since the copy.
func (db *conn) supersede(ctx context.Context, accountID int64, replaced []int64) error {
	if len(replaced) == 0 {
		return nil
	}
	_, err := db.exec(ctx, `UPDATE transactions SET superseded = true WHERE account_id = $1 AND id = ANY($2)`,
		accountID, pq.Array(replaced))
	if err != nil {
		return fmt.Errorf("store: supersede pending transactions: %w", err)
	}
	return nil
}

// pendingIDs maps the provider ids of an account's open pending
// transactions to their ids.
func (db *conn) pendingIDs(ctx context.Context, accountID int64) (map[string]int64, error) {
	rows := []struct {
		Provider string `db:"provider_transaction_id"`
		ID       int64  `db:"id"`
	}{}
	err := db.selectAll(ctx, &rows, `SELECT provider_transaction_id, id FROM transactions
		WHERE account_id = $1 AND status = 'pending' AND NOT superseded`, accountID)
	if err != nil {
		return nil, fmt.Errorf("store: pending transactions: %w", err)
	}
	m := make(map[string]int64, len(rows))
	for _, r := range rows {
		m[r.Provider] = r.ID
	}
	return m, nil
}

var transactionCopyColumns = []string{"account_id", "provider_transaction_id", "status", "transaction_date",
	"booking_date", "value_date", "amount", "currency", "balance_after", "method", "description", "counterparty",
	"counterparty_account", "reference", "replaces_id", "fetch_id", "category", "category_confidence", "merchant",
	"categoriser_version"}

// copyTransactionsSQL is a COPY from the client, which lib/pq runs as a copy-in.
var copyTransactionsSQL = "COPY transactions (" + strings.Join(transactionCopyColumns, ", ") + ") FROM STDIN"

// copyTransactions writes the rows with COPY, in order, so the sequence
// gives them growing ids, and returns the ids of the pending transactions
// they replace. The rows go to the driver's copy statement directly, on
// the connection the transaction holds: through database/sql each row's
// twenty values were checked and converted one by one, a sixth of a first
// fetch's CPU in the server.
func (db *conn) copyTransactions(ctx context.Context, fetchID, accountID int64, txs []TransactionData, pending map[string]int64) ([]int64, error) {
	var replaced []int64
	err := db.held.Raw(func(dc any) error {
		stmt, err := dc.(driver.ConnPrepareContext).PrepareContext(ctx, copyTransactionsSQL)
		if err != nil {
			return err
		}
		defer func() { _ = stmt.Close() }()
		row := make([]driver.Value, len(transactionCopyColumns)) // the driver encodes a row before Exec returns
		for i := range txs {
			t := &txs[i]
			var replaces driver.Value
			if id, ok := pending[t.ReplacesProviderID]; ok && t.ReplacesProviderID != "" {
				replaces = id
				replaced = append(replaced, id)
			}
			var balance driver.Value
			if t.BalanceAfter != nil {
				balance = *t.BalanceAfter
			}
			code, confidence, merchant, version := t.Category.columns()
			row[0], row[1], row[2], row[3] = accountID, t.ProviderID, t.Status, t.TransactionDate.Format(time.DateOnly)
			row[4], row[5], row[6], row[7], row[8] = dateOrNil(t.BookingDate), dateOrNil(t.ValueDate), t.Amount, t.Currency, balance
			row[9], row[10], row[11], row[12], row[13] = t.Method, t.Description, t.Counterparty, t.CounterpartyAccount, t.Reference
			row[14], row[15], row[16], row[17], row[18], row[19] = replaces, fetchID, code, confidence, merchant, int64(version)
			if _, err := stmt.Exec(row); err != nil { //nolint:staticcheck // lib/pq's copy statement offers only this form
				return err
			}
		}
		_, err = stmt.Exec(nil) //nolint:staticcheck // as above: no values ends the copy and reports its errors
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: copy transactions: %w", mapError(err))
	}
	return replaced, nil
}

func dateOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.Format(time.DateOnly)
}
