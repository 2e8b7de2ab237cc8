package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// User is a person who signs in: a subject of tokens, or an admin.
type User struct {
	ID           string    `db:"id" json:"id"` // immutable; a username created again gets a new one
	Username     string    `db:"username" json:"username"`
	PasswordHash string    `db:"password_hash" json:"-"`
	Admin        bool      `db:"admin" json:"admin"`
	Epoch        int       `db:"epoch" json:"-"` // moves on with each password change
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
	UpdatedAt    time.Time `db:"updated_at" json:"updated_at"`
}

const userColumns = `id, username, password_hash, admin, epoch, created_at, updated_at`

// CreateUser stores a new user; a taken username is ErrConflict.
func (db *conn) CreateUser(ctx context.Context, u User) error {
	_, err := db.exec(ctx, `INSERT INTO users (username, password_hash, admin) VALUES ($1, $2, $3)`,
		u.Username, u.PasswordHash, u.Admin)
	if err != nil {
		return fmt.Errorf("store: create user: %w", mapError(err))
	}
	return nil
}

// GetUser returns the user named username, or ErrNotFound.
func (db *conn) GetUser(ctx context.Context, username string) (User, error) {
	var u User
	err := db.get(ctx, &u, `SELECT `+userColumns+` FROM users WHERE username = $1`, username)
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("store: user %q: %w", username, ErrNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("store: get user: %w", err)
	}
	return u, nil
}

// ListUsers returns every user by name.
func (db *conn) ListUsers(ctx context.Context) ([]User, error) {
	us := make([]User, 0)
	if err := db.selectAll(ctx, &us, `SELECT `+userColumns+` FROM users ORDER BY username`); err != nil {
		return nil, fmt.Errorf("store: list users: %w", err)
	}
	return us, nil
}

// SetPassword replaces a user's password hash and moves its epoch on, which
// ends its sign-in sessions, the authorize page's and the console's; its
// grants are revoked as RevokeUserGrants does, their access tokens until
// keepUntil.
func (db *conn) SetPassword(ctx context.Context, username, hash string, keepUntil time.Time) error {
	return db.inTx(ctx, func(tx *Tx) error {
		var id string
		err := tx.get(ctx, &id, `UPDATE users SET password_hash = $2, epoch = epoch + 1, updated_at = now()
			WHERE username = $1 RETURNING id`, username, hash)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: set password: %w", ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: set password: %w", err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM login_sessions WHERE user_id = $1`, id); err != nil {
			return fmt.Errorf("store: set password: %w", err)
		}
		if err := tx.endOwnConsoleSessions(ctx, username); err != nil {
			return err
		}
		return tx.RevokeUserGrants(ctx, id, keepUntil)
	})
}

// DeleteUser removes a user and its sign-in sessions (the console's
// included, so that a user created again under the name inherits none) and
// revokes its grants as RevokeUserGrants does, their access tokens until
// keepUntil.
func (db *conn) DeleteUser(ctx context.Context, username string, keepUntil time.Time) error {
	return db.inTx(ctx, func(tx *Tx) error {
		var id string
		err := tx.get(ctx, &id, `DELETE FROM users WHERE username = $1 RETURNING id`, username)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: delete user: %w", ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: delete user: %w", err)
		}
		if err := tx.endOwnConsoleSessions(ctx, username); err != nil {
			return err
		}
		return tx.RevokeUserGrants(ctx, id, keepUntil)
	})
}

// LoginSession is a browser signed in on the authorize page. Username and
// AccountEpoch are the account's now, as GetLoginSession reads them.
type LoginSession struct {
	Digest       []byte    `db:"digest"`
	UserID       string    `db:"user_id"`
	Epoch        int       `db:"epoch"` // the account's epoch at sign-in
	AuthTime     time.Time `db:"auth_time"`
	ExpiresAt    time.Time `db:"expires_at"`
	Username     string    `db:"username"`
	AccountEpoch int       `db:"account_epoch"`
}

// CreateLoginSession records a sign-in; an account deleted meanwhile is
// ErrNotFound.
func (db *conn) CreateLoginSession(ctx context.Context, s LoginSession) error {
	_, err := db.exec(ctx, `INSERT INTO login_sessions (digest, user_id, epoch, auth_time, expires_at)
		VALUES ($1, $2, $3, $4, $5)`, s.Digest, s.UserID, s.Epoch, s.AuthTime, s.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: create login session: %w", mapError(err))
	}
	return nil
}

// GetLoginSession returns the unexpired sign-in with digest and its
// account as it is now; an ended, expired or deleted one is ErrNotFound.
func (db *conn) GetLoginSession(ctx context.Context, digest []byte, now time.Time) (LoginSession, error) {
	var s LoginSession
	err := db.get(ctx, &s, `SELECT s.digest, s.user_id, s.epoch, s.auth_time, s.expires_at, u.username,
		u.epoch AS account_epoch FROM login_sessions s JOIN users u ON u.id = s.user_id
		WHERE s.digest = $1 AND s.expires_at > $2`, digest, now)
	if errors.Is(err, sql.ErrNoRows) {
		return s, fmt.Errorf("store: login session: %w", ErrNotFound)
	}
	if err != nil {
		return s, fmt.Errorf("store: get login session: %w", err)
	}
	return s, nil
}

// EndLoginSession forgets a sign-in; an unknown one is no error.
func (db *conn) EndLoginSession(ctx context.Context, digest []byte) error {
	if _, err := db.exec(ctx, `DELETE FROM login_sessions WHERE digest = $1`, digest); err != nil {
		return fmt.Errorf("store: end login session: %w", err)
	}
	return nil
}

// EndLoginSessionsOf ends every authorize-page sign-in of the account
// called username.
func (db *conn) EndLoginSessionsOf(ctx context.Context, username string) error {
	const q = `DELETE FROM login_sessions WHERE user_id = (SELECT id FROM users WHERE username = $1)`
	if _, err := db.exec(ctx, q, username); err != nil {
		return fmt.Errorf("store: end login sessions: %w", err)
	}
	return nil
}
