package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Sentinel errors returned (wrapped) by store methods.
var (
	ErrNotFound = errors.New("store: not found")
	ErrConflict = errors.New("store: conflict")
	ErrLimit    = errors.New("store: limit reached")
)

// PoolOptions size the connection pool.
type PoolOptions struct {
	MaxOpen int
	MaxIdle int
}

// Open connects to PostgreSQL and checks the connection.
func Open(ctx context.Context, dsn string, opts PoolOptions) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	if opts.MaxOpen > 0 {
		db.SetMaxOpenConns(opts.MaxOpen)
	}
	if opts.MaxIdle > 0 {
		db.SetMaxIdleConns(opts.MaxIdle)
	}
	db.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	return db, nil
}

// InTx runs fn in a transaction, committing when it returns nil.
func InTx(ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) error) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", mapError(err))
	}
	return nil
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
