package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"openbank/sealing"
)

// Sentinel errors returned (wrapped) by store methods.
var (
	ErrNotFound = errors.New("store: not found")
	ErrConflict = errors.New("store: conflict")
	ErrLimit    = errors.New("store: limit reached")
)

// Store is Openbank's database: every query is a method of it. Run several
// queries atomically with InTx; the *Tx it hands over has the same methods.
type Store struct {
	conn
	dialer *connector // nil when the pool was opened elsewhere (New)
	reader *Store     // the store for Reader (replica.go): the replica's or a pool of its own; nil: this one
}

// Tx is a transaction. It has every query method of Store; a method that
// needs a transaction of its own joins this one instead.
type Tx struct{ conn }

// conn is what a query runs on: the pool, or one transaction on it. Query
// methods are defined on *conn, so Store and Tx share them.
type conn struct {
	db    *sqlx.DB         // the pool; nil inside a transaction
	tx    *sqlx.Tx         // the transaction; nil on the pool
	held  *sqlx.Conn       // the connection the transaction runs on; nil on the pool
	stmts *statements      // the pool's prepared statements; nil inside a transaction
	seals *sealing.Keyring // seals secret columns (sealed.go); nil: kept tagged plain
}

// PoolOptions size the connection pool.
type PoolOptions struct {
	MaxOpen     int
	MaxIdle     int
	MaxLifetime time.Duration // 0: connections are kept for as long as they work
	KeepIdle    bool          // idle connections stay open; else they close after five idle minutes
}

// Open connects to PostgreSQL and checks the connection. The pool backs off
// reconnecting while the database is down and drops a connection after an
// error that makes it unusable.
func Open(ctx context.Context, dsn string, opts PoolOptions) (*Store, error) {
	dialer, err := newConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	db := sqlx.NewDb(sql.OpenDB(dialer), "postgres")
	sizePool(db, opts)
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	st := New(db)
	st.dialer = dialer
	return st, nil
}

// New is the store over an open pool.
func New(db *sqlx.DB) *Store {
	return &Store{conn: conn{db: db, stmts: &statements{}}}
}

// Available reports whether requests should use the database now: false
// from a failed connection attempt until the next attempt is due.
func (s *Store) Available() bool { return s.dialer == nil || s.dialer.available() }

// Dials is the number of connection attempts made since Open.
func (s *Store) Dials() int64 {
	if s.dialer == nil {
		return 0
	}
	return s.dialer.dials.Load()
}

// Close closes the pool's prepared statements and then the pool, and the
// replica's pool if one is attached.
func (s *Store) Close() error {
	err := errors.Join(s.closeReader(), s.stmts.close())
	if e := s.db.Close(); err == nil {
		err = e
	}
	return err
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Nullable column values of the store's records, so that callers need not
// import database/sql.
type (
	NullString = sql.NullString
	NullInt64  = sql.NullInt64
	NullTime   = sql.NullTime
	NullBool   = sql.NullBool
)

// PoolStats are the connection pool's figures.
type PoolStats = sql.DBStats

// Stats are the pool's figures, for metrics.
func (s *Store) Stats() PoolStats { return s.db.Stats() }

// InTx runs fn in a transaction, committing when it returns nil.
func (s *Store) InTx(ctx context.Context, fn func(tx *Tx) error) error { return s.inTx(ctx, fn) }

// inTx runs fn in a new transaction on the pool or, inside a transaction,
// in that same one.
func (c *conn) inTx(ctx context.Context, fn func(tx *Tx) error) error {
	if c.tx != nil {
		return fn(&Tx{*c})
	}
	tx, held, err := c.begin(ctx)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer func() { _ = held.Close() }() // back to the pool, once the transaction has ended
	// After Commit a no-op; after an error or a panic in fn it ends the
	// transaction, without which the connection could not be given back.
	defer func() { _ = tx.Rollback() }()
	if err := fn(&Tx{conn{tx: tx, held: held, seals: c.seals}}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", mapError(err))
	}
	return nil
}

// begin starts a transaction on a connection held for it, so that a bulk
// copy can hand its rows to the driver itself (copyTransactions). Like the
// pool's own BeginTx, it tries another connection when the one it got
// turns out to be dead.
func (c *conn) begin(ctx context.Context) (*sqlx.Tx, *sqlx.Conn, error) {
	for attempt := 1; ; attempt++ {
		held, err := c.db.Connx(ctx)
		if err != nil {
			return nil, nil, err
		}
		tx, err := held.BeginTxx(ctx, nil)
		if err == nil {
			return tx, held, nil
		}
		_ = held.Close()
		if !errors.Is(err, driver.ErrBadConn) || attempt == 3 {
			return nil, nil, err
		}
	}
}

// q is what a statement runs on: the transaction, else the pool.
func (c *conn) q() sqlx.ExtContext {
	if c.tx != nil {
		return c.tx
	}
	return c.db
}

func (c *conn) get(ctx context.Context, dest any, query string, args ...any) error {
	return sqlx.GetContext(ctx, c.q(), dest, query, args...)
}

func (c *conn) selectAll(ctx context.Context, dest any, query string, args ...any) error {
	return sqlx.SelectContext(ctx, c.q(), dest, query, args...)
}

func (c *conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return c.q().ExecContext(ctx, query, args...)
}

func (c *conn) queryRow(ctx context.Context, query string, args ...any) *sqlx.Row {
	return c.q().QueryRowxContext(ctx, query, args...)
}

// mapError turns constraint violations into sentinel errors.
func mapError(err error) error {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) {
		return err
	}
	switch pqErr.Code {
	case "23505": // unique_violation
		return fmt.Errorf("%w: %s", ErrConflict, pqErr.Constraint)
	case "23503": // foreign_key_violation
		return fmt.Errorf("%w: %s", ErrNotFound, pqErr.Constraint)
	}
	return err
}

// missing is ErrNotFound naming the kind of record that was not found.
type missing string

func (m missing) Error() string        { return "store: " + string(m) + " not found" }
func (m missing) Is(target error) bool { return target == ErrNotFound }

// Missing names the kind of record an ErrNotFound error is about
// ("showcase", "reminder", "consent"), or "" when err names none.
func Missing(err error) string {
	var m missing
	if errors.As(err, &m) {
		return string(m)
	}
	return ""
}
