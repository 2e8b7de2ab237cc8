package oauth

import (
	"context"
	"fmt"

	"openbank/store"
)

// CreateUser registers a user with an argon2id hash of password.
func CreateUser(ctx context.Context, db *store.Store, username, password string, admin bool, p Argon2Params) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return db.CreateUser(ctx, store.User{Username: username, PasswordHash: HashPassword(password, p), Admin: admin})
}

// SetUserPassword replaces a user's password.
func SetUserPassword(ctx context.Context, db *store.Store, username, password string, p Argon2Params) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return db.SetPassword(ctx, username, HashPassword(password, p))
}

func checkCredentials(username, password string) error {
	if !ValidUsername(username) {
		return fmt.Errorf("username %q must be 1-64 letters, digits or . _ @ + - (starting with a letter or digit)", username)
	}
	if len(password) < 8 || len(password) > 1024 {
		return fmt.Errorf("the password must have 8 to 1024 characters")
	}
	return nil
}
