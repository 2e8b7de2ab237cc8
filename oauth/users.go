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
// username costs as much time (and a hashing slot) as a wrong password.
var dummyHash = HashPassword("openbank-dummy-password", DefaultArgon2)

// Login is an attempt to sign in: the username and password given and the
// client address they came from.
type Login struct {
	Username, Password, Address string
}

// CheckPassword authenticates a user. A wrong password and an unknown
// username give the same answer and count towards the throttle of the
// (username, address) pair, the address and the username; while one of
// them holds the attempt back it is refused (429) without hashing. The
// hash waits for a slot (503 when none comes in time), ahead of others
// when this username signed in from this address before.
func (s *Server) CheckPassword(ctx context.Context, l Login) (store.User, *Error) {
	keys := s.userKeys(l.Username, l.Address)
	v, gerr := s.gate(ctx, keys, ErrInvalidGrant)
	if gerr != nil {
		return store.User{}, gerr
	}
	u, err := s.db.GetUser(ctx, l.Username)
	hash := u.PasswordHash
	if errors.Is(err, store.ErrNotFound) {
		hash = dummyHash
	} else if err != nil {
		return store.User{}, serverError(err)
	}
	lane := laneOthers
	if v.known {
		lane = lanePriority
	}
	ok, oerr := s.hashes.matches(ctx, l.Password, hash, lane)
	if oerr != nil {
		return store.User{}, oerr
	}
	if err != nil || !ok {
		if oerr := s.fail(ctx, keys.pair, keys.address, keys.username); oerr != nil {
			return store.User{}, oerr
		}
		return store.User{}, Errorf(ErrInvalidGrant, "the username or password is wrong")
	}
	if oerr := s.succeed(ctx, keys, v); oerr != nil {
		return store.User{}, oerr
	}
	return u, nil
}
