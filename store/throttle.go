package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ThrottleLock returns until when key ("user:<name>", "client:<id>") is
// locked after failed attempts; the zero time when it is not.
func (db *conn) ThrottleLock(ctx context.Context, key string) (time.Time, error) {
	var until time.Time
	err := db.get(ctx, &until, `SELECT locked_until FROM auth_throttle WHERE key = $1`, key)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: throttle: %w", err)
	}
	return until, nil
}

// RecordFailure counts one more failed attempt for key within window
// (counting restarts when the first failure is older) and locks key until
// the time lockFor gives for that count. It returns the lock.
func (db *conn) RecordFailure(ctx context.Context, key string, now time.Time, window time.Duration,
	lockFor func(failures int) time.Duration) (time.Time, error) {
	var failures int
	const q = `INSERT INTO auth_throttle AS t (key, failures, first_at, locked_until) VALUES ($1, 1, $2, $2)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN t.first_at < $2 - $3 * interval '1 second' THEN 1 ELSE t.failures + 1 END,
			first_at = CASE WHEN t.first_at < $2 - $3 * interval '1 second' THEN $2 ELSE t.first_at END
		RETURNING failures`
	if err := db.get(ctx, &failures, q, key, now, window.Seconds()); err != nil {
		return time.Time{}, fmt.Errorf("store: record failure: %w", err)
	}
	until := now.Add(lockFor(failures))
	if _, err := db.exec(ctx, `UPDATE auth_throttle SET locked_until = $2 WHERE key = $1`, key, until); err != nil {
		return time.Time{}, fmt.Errorf("store: record failure: %w", err)
	}
	return until, nil
}

// ClearFailures forgets the failed attempts of key after a success.
func (db *conn) ClearFailures(ctx context.Context, key string) error {
	if _, err := db.exec(ctx, `DELETE FROM auth_throttle WHERE key = $1`, key); err != nil {
		return fmt.Errorf("store: clear failures: %w", err)
	}
	return nil
}
