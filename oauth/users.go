package oauth

import (
	"context"
	"errors"
	"regexp"

	"openbank/store"
)

// validUsername is what a username may look like: no colon, so that it can
// never be mistaken for a client subject.
var validUsername = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$`)

// ValidUsername reports whether name can be a username.
func ValidUsername(name string) bool { return validUsername.MatchString(name) }

// dummyHash is checked when the user does not exist, so that an unknown
// username costs as much time as a wrong password.
var dummyHash = HashPassword("openbank-dummy-password", DefaultArgon2)

// CheckPassword authenticates a user. A wrong password and an unknown
// username give the same answer; both count towards the username's throttle,
// and a locked username is refused even with the right password.
func (s *Server) CheckPassword(ctx context.Context, username, password string) (store.User, *Error) {
	key := "user:" + username
	if err := s.locked(ctx, key, "username"); err != nil {
		return store.User{}, err
	}
	u, err := s.db.GetUser(ctx, username)
	hash := u.PasswordHash
	if errors.Is(err, store.ErrNotFound) {
		hash = dummyHash
	} else if err != nil {
		return store.User{}, serverError(err)
	}
	ok, perr := PasswordMatches(password, hash)
	if err != nil || perr != nil || !ok {
		if err := s.fail(ctx, key); err != nil {
			return store.User{}, serverError(err)
		}
		return store.User{}, Errorf(ErrInvalidGrant, "the username or password is wrong")
	}
	if err := s.db.ClearFailures(ctx, key); err != nil {
		return store.User{}, serverError(err)
	}
	return u, nil
}
