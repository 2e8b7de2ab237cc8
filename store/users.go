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
	Username     string    `db:"username" json:"username"`
	PasswordHash string    `db:"password_hash" json:"-"`
	Admin        bool      `db:"admin" json:"admin"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
	UpdatedAt    time.Time `db:"updated_at" json:"updated_at"`
}

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
	err := db.get(ctx, &u, `SELECT username, password_hash, admin, created_at, updated_at
		FROM users WHERE username = $1`, username)
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
	if err := db.selectAll(ctx, &us, `SELECT username, password_hash, admin, created_at, updated_at
		FROM users ORDER BY username`); err != nil {
		return nil, fmt.Errorf("store: list users: %w", err)
	}
	return us, nil
}

// SetPassword replaces a user's password hash.
func (db *conn) SetPassword(ctx context.Context, username, hash string) error {
	res, err := db.exec(ctx, `UPDATE users SET password_hash = $2, updated_at = now() WHERE username = $1`, username, hash)
	return affected("set password", res, err)
}

// DeleteUser removes a user.
func (db *conn) DeleteUser(ctx context.Context, username string) error {
	res, err := db.exec(ctx, `DELETE FROM users WHERE username = $1`, username)
	return affected("delete user", res, err)
}
