package store

import (
	"context"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// ThrottleRecord is what is known of the failed attempts counted under one
// key (a username or client id with an address, an address, a username),
// or of the successes of a username from an address (no failures; the
// record lasts until LockedUntil).
type ThrottleRecord struct {
	Key         string    `db:"key"`
	Failures    int       `db:"failures"`
	FirstAt     time.Time `db:"first_at"`
	LockedUntil time.Time `db:"locked_until"`
}

// FailedSince reports whether the record counts a failure after since.
func (r ThrottleRecord) FailedSince(since time.Time) bool {
	return r.Failures > 0 && r.FirstAt.After(since)
}

// ThrottleRecords returns the records of keys that have one, by key.
func (db *conn) ThrottleRecords(ctx context.Context, keys []string) (map[string]ThrottleRecord, error) {
	rs := make([]ThrottleRecord, 0, len(keys))
	err := db.selectAll(ctx, &rs, `SELECT key, failures, first_at, locked_until FROM auth_throttle
		WHERE key = ANY($1)`, pq.Array(keys))
	if err != nil {
		return nil, fmt.Errorf("store: throttle: %w", err)
	}
	out := make(map[string]ThrottleRecord, len(rs))
	for _, r := range rs {
		out[r.Key] = r
	}
	return out, nil
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

// RememberSuccess records a success under key (a username and address
// that signed in) until until; it shares the table, with no failures.
func (db *conn) RememberSuccess(ctx context.Context, key string, until time.Time) error {
	const q = `INSERT INTO auth_throttle (key, failures, first_at, locked_until) VALUES ($1, 0, now(), $2)
		ON CONFLICT (key) DO UPDATE SET locked_until = EXCLUDED.locked_until`
	if _, err := db.exec(ctx, q, key, until); err != nil {
		return fmt.Errorf("store: remember success: %w", err)
	}
	return nil
}

// ClearFailures forgets the failed attempts of keys after a success.
func (db *conn) ClearFailures(ctx context.Context, keys ...string) error {
	if _, err := db.exec(ctx, `DELETE FROM auth_throttle WHERE key = ANY($1)`, pq.Array(keys)); err != nil {
		return fmt.Errorf("store: clear failures: %w", err)
	}
	return nil
}
