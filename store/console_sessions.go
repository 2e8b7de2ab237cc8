package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ConsoleSession is one admin's sign-in to the console.
type ConsoleSession struct {
	IDDigest  []byte       `db:"id_digest"`
	Username  string       `db:"username"`
	External  bool         `db:"external"`
	Address   string       `db:"address"`
	CreatedAt time.Time    `db:"created_at"`
	LastSeen  time.Time    `db:"last_seen"`
	ExpiresAt time.Time    `db:"expires_at"`
	EndedAt   sql.NullTime `db:"ended_at"`
	// Admin reports, for a session of the built-in issuer, whether its
	// user still exists and is an admin.
	Admin bool `db:"admin"`
}

// CreateConsoleSession stores a new session.
func (db *conn) CreateConsoleSession(ctx context.Context, s ConsoleSession) error {
	_, err := db.exec(ctx, `INSERT INTO console_sessions (id_digest, username, external, address, created_at, last_seen, expires_at)
		VALUES ($1, $2, $3, $4, $5, $5, $6)`, s.IDDigest, s.Username, s.External, s.Address, s.CreatedAt, s.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: create console session: %w", mapError(err))
	}
	return nil
}

// TouchConsoleSession marks a live session seen at now and returns it with
// its user's admin flag; a session that ended, expired or was idle since
// before idleSince is ErrNotFound.
func (db *conn) TouchConsoleSession(ctx context.Context, digest []byte, now, idleSince time.Time) (ConsoleSession, error) {
	var s ConsoleSession
	const q = `WITH s AS (
		UPDATE console_sessions SET last_seen = $2
		WHERE id_digest = $1 AND ended_at IS NULL AND expires_at > $2 AND last_seen > $3
		RETURNING id_digest, username, external, address, created_at, last_seen, expires_at, ended_at)
	SELECT s.*, COALESCE(u.admin, false) AS admin FROM s LEFT JOIN users u ON u.username = s.username`
	err := db.get(ctx, &s, q, digest, now, idleSince)
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("store: console session: %w", ErrNotFound)
	}
	if err != nil {
		return s, fmt.Errorf("store: touch console session: %w", err)
	}
	return s, nil
}

// EndConsoleSession ends a session at now; ending one that has ended is
// not an error.
func (db *conn) EndConsoleSession(ctx context.Context, digest []byte, now time.Time) error {
	if _, err := db.exec(ctx, `UPDATE console_sessions SET ended_at = $2 WHERE id_digest = $1 AND ended_at IS NULL`,
		digest, now); err != nil {
		return fmt.Errorf("store: end console session: %w", err)
	}
	return nil
}

// EndUserConsoleSessions ends every live session of username.
func (db *conn) EndUserConsoleSessions(ctx context.Context, username string, now time.Time) error {
	if _, err := db.exec(ctx, `UPDATE console_sessions SET ended_at = $2 WHERE username = $1 AND ended_at IS NULL`,
		username, now); err != nil {
		return fmt.Errorf("store: end console sessions: %w", err)
	}
	return nil
}

// endOwnConsoleSessions ends every live console session that username
// opened at the server's own issuer, whose password it checked: sessions
// of an external issuer name that issuer's subjects, not local users.
func (db *conn) endOwnConsoleSessions(ctx context.Context, username string) error {
	if _, err := db.exec(ctx, `UPDATE console_sessions SET ended_at = now()
		WHERE username = $1 AND NOT external AND ended_at IS NULL`, username); err != nil {
		return fmt.Errorf("store: end console sessions of %s: %w", username, err)
	}
	return nil
}

// RecentConsoleSessions returns the latest n sign-ins to the console.
func (db *conn) RecentConsoleSessions(ctx context.Context, n int) ([]ConsoleSession, error) {
	out := make([]ConsoleSession, 0, n)
	if err := db.selectAll(ctx, &out, `SELECT id_digest, username, external, address, created_at, last_seen,
		expires_at, ended_at, false AS admin FROM console_sessions ORDER BY created_at DESC LIMIT $1`, n); err != nil {
		return nil, fmt.Errorf("store: recent console sessions: %w", err)
	}
	return out, nil
}

// PurgeConsoleSessions deletes the console sessions that expired before
// cutoff; ended ones go at the same age, so the dashboard's recent sign-ins
// keep them until then.
func (db *conn) PurgeConsoleSessions(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM console_sessions WHERE expires_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("store: purge console sessions: %w", err)
	}
	return res.RowsAffected()
}
