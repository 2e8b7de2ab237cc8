package store

import (
	"context"
	"fmt"
	"time"
)

// SetUserAdmin makes a user an admin of the console or takes that away.
func (db *conn) SetUserAdmin(ctx context.Context, username string, admin bool) error {
	res, err := db.exec(ctx, `UPDATE users SET admin = $2, updated_at = now() WHERE username = $1`, username, admin)
	return affected("set admin", res, err)
}

// ConsoleUsers returns up to limit users by name after the given one.
func (db *conn) ConsoleUsers(ctx context.Context, after string, limit int) ([]User, error) {
	out := make([]User, 0, limit)
	if err := db.selectAll(ctx, &out, `SELECT username, password_hash, admin, created_at, updated_at
		FROM users WHERE username > $1 ORDER BY username LIMIT $2`, after, limit); err != nil {
		return nil, fmt.Errorf("store: console users: %w", err)
	}
	return out, nil
}

// Family is a live grant: one refresh-token family of a client for a user.
type Family struct {
	GrantID   string    `db:"grant_id"`
	ClientID  string    `db:"client_id"`
	Username  string    `db:"username"`
	Scope     string    `db:"scope"`
	CreatedAt time.Time `db:"created_at"`
	ExpiresAt time.Time `db:"expires_at"` // of its live refresh token
}

// LiveFamilies returns the newest limit unrevoked grants holding an
// unspent, unexpired refresh token, narrowed to a username or a client
// when given.
func (db *conn) LiveFamilies(ctx context.Context, username, clientID string, now time.Time, limit int) ([]Family, error) {
	var q query
	q.cond(`g.revoked_at IS NULL`)
	if username != "" {
		q.cond(`g.username = %s`, username)
	}
	if clientID != "" {
		q.cond(`g.client_id = %s`, clientID)
	}
	live := q.arg(now)
	sqlText := `SELECT g.grant_id, g.client_id, g.username, g.scope, g.created_at, t.expires_at
		FROM oauth_grants g JOIN LATERAL (SELECT max(expires_at) AS expires_at FROM oauth_refresh_tokens r
			WHERE r.grant_id = g.grant_id AND r.spent_at IS NULL AND r.expires_at > ` + live + `) t ON t.expires_at IS NOT NULL` +
		q.clause() + ` ORDER BY g.created_at DESC, g.grant_id LIMIT ` + q.arg(limit)
	out := make([]Family, 0, limit)
	if err := db.selectAll(ctx, &out, sqlText, q.args...); err != nil {
		return nil, fmt.Errorf("store: live families: %w", err)
	}
	return out, nil
}
