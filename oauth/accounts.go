package oauth

import (
	"context"
	"fmt"
	"time"

	"openbank/store"
)

// CreateUser registers a user with an argon2id hash of password.
func CreateUser(ctx context.Context, db *store.Store, username, password string, admin bool, p Argon2Params) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return db.CreateUser(ctx, store.User{Username: username, PasswordHash: HashPassword(password, p), Admin: admin})
}

// SetUserPassword replaces a user's password. Every sign-in session of the
// user ends and every grant is revoked, on every instance: refresh tokens
// at once, access tokens (valid for at most accessTTL) by revocation.
func SetUserPassword(ctx context.Context, db *store.Store, username, password string, p Argon2Params, accessTTL time.Duration) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return db.SetPassword(ctx, username, HashPassword(password, p), untilExpiry(time.Now(), accessTTL))
}

// DeleteUser removes a user, ends its sign-in sessions and revokes its
// grants as SetUserPassword does. A user created again under the same name
// is another account: nothing of the deleted one reaches it.
func DeleteUser(ctx context.Context, db *store.Store, username string, accessTTL time.Duration) error {
	return db.DeleteUser(ctx, username, untilExpiry(time.Now(), accessTTL))
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
