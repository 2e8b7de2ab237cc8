package oauth

import (
	"context"
	"time"

	"openbank/store"
)

// Registry registers the clients and users of the authorization server:
// it creates, changes and deletes them under the server's rules, revokes
// what a change makes invalid on every instance, and tells every instance
// at commit to drop what it cached of a changed client. It holds no state
// of its own: web/ builds one over the server's store and clock, each
// command its own.
type Registry struct {
	Store *store.Store
	Clock func() time.Time // nil: time.Now
	// AccessTokenTTL is how long a revocation must outlive the access
	// tokens it stops: a deleted client's, a user's, a grant's.
	AccessTokenTTL time.Duration
	Argon2         Argon2Params // the cost of new password hashes; zero: DefaultArgon2
}

func (r *Registry) now() time.Time {
	if r.Clock == nil {
		return time.Now()
	}
	return r.Clock()
}

func (r *Registry) argon2() Argon2Params {
	if r.Argon2 == (Argon2Params{}) {
		return DefaultArgon2
	}
	return r.Argon2
}

// revokedUntil is when a revocation made now may be forgotten.
func (r *Registry) revokedUntil() time.Time { return untilExpiry(r.now(), r.AccessTokenTTL) }

// User returns a user by name, or store.ErrNotFound.
func (r *Registry) User(ctx context.Context, username string) (store.User, error) {
	return r.Store.GetUser(ctx, username)
}

// RevokeGrant revokes a grant (a refresh-token family): its refresh tokens
// at once, its access tokens on every instance for as long as one may be
// valid.
func (r *Registry) RevokeGrant(ctx context.Context, grantID string) error {
	return r.Store.RevokeGrant(ctx, grantID, r.revokedUntil())
}
