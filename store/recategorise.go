package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// HasStaleCategories reports whether any transaction was categorised by a
// version older than version (or never). The partial index of the rows
// below the current version (migration 0026) answers it and the queries
// below for that version; for another it reads the table.
func (db *conn) HasStaleCategories(ctx context.Context, version int16) (bool, error) {
	var ok bool
	err := db.get(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM transactions WHERE categoriser_version < $1)`, version)
	if err != nil {
		return false, fmt.Errorf("store: stale categories: %w", err)
	}
	return ok, nil
}

// CountStaleCategories counts the transactions categorised by a version
// older than version (or never).
func (db *conn) CountStaleCategories(ctx context.Context, version int16) (int64, error) {
	var n int64
	err := db.get(ctx, &n, `SELECT count(*) FROM transactions WHERE categoriser_version < $1`, version)
	if err != nil {
		return 0, fmt.Errorf("store: count stale categories: %w", err)
	}
	return n, nil
}

// JobWaiting reports whether a job of the kind and key is queued or running.
func (db *conn) JobWaiting(ctx context.Context, kind, key string) (bool, error) {
	var ok bool
	err := db.get(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM jobs WHERE kind = $1 AND key = $2
		AND state IN ('queued', 'running'))`, kind, key)
	if err != nil {
		return false, fmt.Errorf("store: %s job waiting: %w", kind, err)
	}
	return ok, nil
}

// StaleCategoryAccount returns an account, with its connection, that holds
// transactions categorised by a version older than version; ErrNotFound
// when none does.
func (db *conn) StaleCategoryAccount(ctx context.Context, version int16) (accountID, connectionID int64, err error) {
	var row struct {
		Account    int64 `db:"id"`
		Connection int64 `db:"connection_id"`
	}
	err = db.get(ctx, &row, `SELECT a.id, a.connection_id FROM transactions t JOIN accounts a ON a.id = t.account_id
		WHERE t.categoriser_version < $1 LIMIT 1`, version)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, ErrNotFound
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: account with stale categories: %w", err)
	}
	return row.Account, row.Connection, nil
}

// StaleCategoryRows lists up to limit of an account's transactions
// categorised by a version older than version, in id order, locking them
// until the transaction ends.
func (db *conn) StaleCategoryRows(ctx context.Context, accountID int64, version int16, limit int) ([]CategoryRow, error) {
	list := make([]CategoryRow, 0, limit)
	q := `SELECT ` + categoryRowColumns + ` FROM transactions t
		WHERE t.account_id = $1 AND t.categoriser_version < $2 ORDER BY t.id LIMIT $3 FOR UPDATE`
	if err := db.selectAll(ctx, &list, q, accountID, version, limit); err != nil {
		return nil, fmt.Errorf("store: stale categories of %d: %w", accountID, err)
	}
	return list, nil
}
