package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Grant is one authorization of a client for a user: the family of every
// refresh and access token issued from it.
type Grant struct {
	GrantID   string       `db:"grant_id"`
	ClientID  string       `db:"client_id"`
	Username  string       `db:"username"`
	UserID    string       `db:"user_id"`
	Scope     string       `db:"scope"`
	AuthTime  time.Time    `db:"auth_time"`
	CreatedAt time.Time    `db:"created_at"`
	RevokedAt sql.NullTime `db:"revoked_at"`
	// CnfJKT and CnfX5T bind the grant's tokens to a DPoP key's thumbprint
	// or a client certificate's SHA-256; "" when unbound.
	CnfJKT string `db:"cnf_jkt"`
	CnfX5T string `db:"cnf_x5t"`
}

// RefreshToken is a stored refresh token (its digest) with its grant.
type RefreshToken struct {
	Digest    []byte       `db:"digest"`
	GrantID   string       `db:"grant_id"`
	ClientID  string       `db:"client_id"`
	ExpiresAt time.Time    `db:"expires_at"`
	SpentAt   sql.NullTime `db:"spent_at"`
	Username  string       `db:"username"`
	UserID    string       `db:"user_id"`
	Scope     string       `db:"scope"`
	AuthTime  time.Time    `db:"auth_time"`
	RevokedAt sql.NullTime `db:"revoked_at"`
	// AccountLive: the account that signed in still exists under its
	// username (not deleted, not deleted and created again).
	AccountLive bool   `db:"account_live"`
	CnfJKT      string `db:"cnf_jkt"` // the grant's DPoP key thumbprint, or ""
	CnfX5T      string `db:"cnf_x5t"` // the grant's certificate SHA-256, or ""
}

// CreateGrant stores a new grant.
func (db *conn) CreateGrant(ctx context.Context, g Grant) error {
	_, err := db.exec(ctx, `INSERT INTO oauth_grants (grant_id, client_id, username, user_id, scope, auth_time, cnf_jkt, cnf_x5t)
		VALUES ($1, $2, $3, NULLIF($4, '')::uuid, $5, $6, $7, $8)`, g.GrantID, g.ClientID, g.Username, g.UserID, g.Scope, g.AuthTime,
		g.CnfJKT, g.CnfX5T)
	if err != nil {
		return fmt.Errorf("store: create grant: %w", mapError(err))
	}
	return nil
}

// CreateRefreshToken stores the digest of a new refresh token of a grant.
func (db *conn) CreateRefreshToken(ctx context.Context, digest []byte, grantID, clientID string, expires time.Time) error {
	_, err := db.exec(ctx, `INSERT INTO oauth_refresh_tokens (digest, grant_id, client_id, expires_at)
		VALUES ($1, $2, $3, $4)`, digest, grantID, clientID, expires)
	if err != nil {
		return fmt.Errorf("store: create refresh token: %w", mapError(err))
	}
	return nil
}

const refreshColumns = `r.digest, r.grant_id, r.client_id, r.expires_at, r.spent_at,
	g.username, COALESCE(g.user_id::text, '') AS user_id, g.scope, g.auth_time, g.revoked_at, g.cnf_jkt, g.cnf_x5t,
	EXISTS (SELECT 1 FROM users u WHERE u.id = g.user_id AND u.username = g.username) AS account_live`

// SpendRefreshToken marks the refresh token with digest, issued to
// clientID, spent at now and returns it. Of concurrent callers exactly one
// succeeds; the others, any later caller and any other client get the token
// with ErrConflict. An unknown token is ErrNotFound.
func (db *conn) SpendRefreshToken(ctx context.Context, digest []byte, clientID string, now time.Time) (RefreshToken, error) {
	var t RefreshToken
	q := `UPDATE oauth_refresh_tokens r SET spent_at = $2 FROM oauth_grants g
		WHERE r.digest = $1 AND r.client_id = $3 AND r.spent_at IS NULL AND g.grant_id = r.grant_id
		RETURNING ` + refreshColumns
	err := db.get(ctx, &t, q, digest, now, clientID)
	if err == nil {
		return t, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("store: spend refresh token: %w", err)
	}
	t, err = db.GetRefreshToken(ctx, digest)
	if err != nil {
		return t, err
	}
	return t, fmt.Errorf("store: refresh token spent or another client's: %w", ErrConflict)
}

// GetRefreshToken returns the refresh token with digest and its grant.
func (db *conn) GetRefreshToken(ctx context.Context, digest []byte) (RefreshToken, error) {
	var t RefreshToken
	err := db.get(ctx, &t, `SELECT `+refreshColumns+` FROM oauth_refresh_tokens r
		JOIN oauth_grants g USING (grant_id) WHERE r.digest = $1`, digest)
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("store: refresh token: %w", ErrNotFound)
	}
	if err != nil {
		return t, fmt.Errorf("store: get refresh token: %w", err)
	}
	return t, nil
}

// RevokeGrant marks a grant revoked and records the revocation of its
// access tokens until keepUntil, announcing it to every instance.
func (db *conn) RevokeGrant(ctx context.Context, grantID string, keepUntil time.Time) error {
	if _, err := db.exec(ctx, `UPDATE oauth_grants SET revoked_at = now() WHERE grant_id = $1 AND revoked_at IS NULL`, grantID); err != nil {
		return fmt.Errorf("store: revoke grant: %w", err)
	}
	return db.AddRevocation(ctx, "grant:"+grantID, keepUntil)
}

// RevokeUserGrants revokes every grant of the account with userID: their
// refresh tokens at once, their access tokens on every instance until
// keepUntil.
func (db *conn) RevokeUserGrants(ctx context.Context, userID string, keepUntil time.Time) error {
	ids := make([]string, 0)
	err := db.selectAll(ctx, &ids, `UPDATE oauth_grants SET revoked_at = now()
		WHERE user_id = $1 AND revoked_at IS NULL RETURNING grant_id`, userID)
	if err != nil {
		return fmt.Errorf("store: revoke user grants: %w", err)
	}
	for _, id := range ids {
		if err := db.AddRevocation(ctx, "grant:"+id, keepUntil); err != nil {
			return err
		}
	}
	return nil
}

// PruneExpired deletes revocations and sign-in sessions that expired before
// now, and refresh tokens, codes and throttle records whose time ended
// before keepUntil.
func (db *conn) PruneExpired(ctx context.Context, now, keepUntil time.Time) error {
	for _, q := range []struct {
		sql  string
		when time.Time
	}{
		{`DELETE FROM oauth_refresh_tokens WHERE expires_at < $1`, keepUntil},
		{`DELETE FROM oauth_codes WHERE expires_at < $1`, keepUntil},
		{`DELETE FROM oauth_revocations WHERE expires_at < $1`, now},
		{`DELETE FROM login_sessions WHERE expires_at < $1`, now},
		{`DELETE FROM auth_throttle WHERE locked_until < $1`, keepUntil},
		{`DELETE FROM oauth_pushed_requests WHERE expires_at < $1`, keepUntil},
		{`DELETE FROM oauth_seen_jtis WHERE expires_at < $1`, now},
	} {
		if _, err := db.exec(ctx, q.sql, q.when); err != nil {
			return fmt.Errorf("store: prune: %w", err)
		}
	}
	return nil
}
