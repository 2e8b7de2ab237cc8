package oauth

import (
	"context"
	"fmt"

	"openbank/store"
)

// CreateUser registers a user with an argon2id hash of password.
func (r *Registry) CreateUser(ctx context.Context, username, password string, admin bool) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return r.Store.CreateUser(ctx, store.User{Username: username, PasswordHash: HashPassword(password, r.argon2()), Admin: admin})
}

// SetUserPassword replaces a user's password. Every sign-in session of the
// user ends and every grant is revoked, on every instance: refresh tokens
// at once, access tokens by revocation.
func (r *Registry) SetUserPassword(ctx context.Context, username, password string) error {
	if err := checkCredentials(username, password); err != nil {
		return err
	}
	return r.Store.SetPassword(ctx, username, HashPassword(password, r.argon2()), r.revokedUntil())
}

// DeleteUser removes a user, ends its sign-in sessions and revokes its
// grants as SetUserPassword does. A user created again under the same name
// is another account: nothing of the deleted one reaches it.
func (r *Registry) DeleteUser(ctx context.Context, username string) error {
	return r.Store.DeleteUser(ctx, username, r.revokedUntil())
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
