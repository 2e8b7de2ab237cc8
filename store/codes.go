package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Code is a stored authorization code (its digest) and what it is bound to.
type Code struct {
	Digest      []byte         `db:"digest"`
	ClientID    string         `db:"client_id"`
	Username    string         `db:"username"`
	UserID      string         `db:"user_id"`
	RedirectURI string         `db:"redirect_uri"`
	Challenge   string         `db:"challenge"`
	Scope       string         `db:"scope"`
	Nonce       string         `db:"nonce"`
	AuthTime    time.Time      `db:"auth_time"`
	ExpiresAt   time.Time      `db:"expires_at"`
	RedeemedAt  sql.NullTime   `db:"redeemed_at"`
	GrantID     sql.NullString `db:"grant_id"`
	// AccountLive: the account that signed in still exists under its
	// username (filled by RedeemCode).
	AccountLive bool `db:"account_live"`
	// DPoPJKT binds the code to a DPoP key (RFC 9449 §10); "" when unbound.
	DPoPJKT string `db:"dpop_jkt"`
}

const codeColumns = `digest, client_id, username, COALESCE(user_id::text, '') AS user_id, redirect_uri,
	challenge, scope, nonce, auth_time, expires_at, redeemed_at, grant_id, dpop_jkt,
	EXISTS (SELECT 1 FROM users u WHERE u.id = oauth_codes.user_id AND u.username = oauth_codes.username) AS account_live`

// CreateCode stores a new authorization code.
func (db *conn) CreateCode(ctx context.Context, c Code) error {
	_, err := db.exec(ctx, `INSERT INTO oauth_codes (digest, client_id, username, user_id, redirect_uri, challenge,
		scope, nonce, auth_time, expires_at, dpop_jkt) VALUES ($1, $2, $3, NULLIF($4, '')::uuid, $5, $6, $7, $8, $9, $10, $11)`,
		c.Digest, c.ClientID, c.Username, c.UserID, c.RedirectURI, c.Challenge, c.Scope, c.Nonce, c.AuthTime, c.ExpiresAt,
		c.DPoPJKT)
	if err != nil {
		return fmt.Errorf("store: create code: %w", mapError(err))
	}
	return nil
}

// RedeemCode marks the code with digest redeemed at now and returns it. A
// code redeemed before comes back with ErrConflict (a replay), an unknown
// one is ErrNotFound. Run it in the transaction that records the grant, so
// a concurrent replay sees that grant.
func (db *conn) RedeemCode(ctx context.Context, digest []byte, now time.Time) (Code, error) {
	var c Code
	err := db.get(ctx, &c, `UPDATE oauth_codes SET redeemed_at = $2
		WHERE digest = $1 AND redeemed_at IS NULL RETURNING `+codeColumns, digest, now)
	if err == nil {
		return c, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: redeem code: %w", err)
	}
	err = db.get(ctx, &c, `SELECT `+codeColumns+` FROM oauth_codes WHERE digest = $1`, digest)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: code: %w", ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("store: redeem code: %w", err)
	}
	return c, fmt.Errorf("store: code already redeemed: %w", ErrConflict)
}

// SetCodeGrant records the grant a code's redemption created.
func (db *conn) SetCodeGrant(ctx context.Context, digest []byte, grantID string) error {
	res, err := db.exec(ctx, `UPDATE oauth_codes SET grant_id = $2 WHERE digest = $1`, digest, grantID)
	return affected("set code grant", res, err)
}
