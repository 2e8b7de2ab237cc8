package store

import (
	"context"
	"fmt"
	"time"
)

// RevocationChannel is the NOTIFY channel announcing a new revocation; the
// payload is its key, a space and its expiry in Unix seconds.
const RevocationChannel = "oauth_revocations"

// Revocation is a revoked grant ("grant:<id>") or client ("client:<id>"):
// tokens it covers are refused until ExpiresAt, when none can be valid.
type Revocation struct {
	Key       string    `db:"key"`
	ExpiresAt time.Time `db:"expires_at"`
	CreatedAt time.Time `db:"created_at"`
}

// AddRevocation records a revocation and notifies every listening instance
// (at commit, when db is a transaction).
func (db *conn) AddRevocation(ctx context.Context, key string, until time.Time) error {
	const q = `INSERT INTO oauth_revocations (key, expires_at) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET expires_at = GREATEST(oauth_revocations.expires_at, EXCLUDED.expires_at),
		created_at = clock_timestamp()`
	if _, err := db.exec(ctx, q, key, until); err != nil {
		return fmt.Errorf("store: add revocation: %w", err)
	}
	payload := fmt.Sprintf("%s %d", key, until.Unix())
	if _, err := db.exec(ctx, `SELECT pg_notify($1, $2)`, RevocationChannel, payload); err != nil {
		return fmt.Errorf("store: notify revocation: %w", err)
	}
	return nil
}

// RevocationsSince returns the unexpired revocations recorded after since.
func (db *conn) RevocationsSince(ctx context.Context, since time.Time) ([]Revocation, error) {
	rs := make([]Revocation, 0)
	err := db.selectAll(ctx, &rs, `SELECT key, expires_at, created_at FROM oauth_revocations
		WHERE created_at > $1 AND expires_at > now()`, since)
	if err != nil {
		return nil, fmt.Errorf("store: revocations: %w", err)
	}
	return rs, nil
}

// DatabaseNow returns the database's clock, against which revocations are
// stamped.
func (db *conn) DatabaseNow(ctx context.Context) (time.Time, error) {
	var t time.Time
	if err := db.get(ctx, &t, `SELECT clock_timestamp()`); err != nil {
		return t, fmt.Errorf("store: now: %w", err)
	}
	return t, nil
}
