package oauth

import (
	"context"
	"errors"

	"openbank/store"
)

// CheckDeveloperPassword checks the password of a developer-portal
// account under the sign-in's own rules: the throttle of the (email,
// address) pair, the address and, gently, the email; the bounded password
// hashing; the same answer and the same work for an unknown email. The
// keys are apart from users', so a developer's email never throttles a
// user. The account it returns signs in to the portal only: nothing here
// issues a token.
func (s *Server) CheckDeveloperPassword(ctx context.Context, email, password, address string) (store.Developer, *Error) {
	keys := s.userKeys("developer:"+email, address)
	v, gerr := s.gate(ctx, keys, ErrInvalidGrant)
	if gerr != nil {
		return store.Developer{}, gerr
	}
	d, err := s.db.DeveloperByEmail(ctx, email)
	hash := d.PasswordHash
	if errors.Is(err, store.ErrNotFound) {
		hash = dummyHash
	} else if err != nil {
		return store.Developer{}, serverError(err)
	}
	lane := laneOthers
	if v.known {
		lane = lanePriority
	}
	ok, oerr := s.hashes.matches(ctx, password, hash, lane)
	if oerr != nil {
		return store.Developer{}, oerr
	}
	if err != nil || !ok {
		if oerr := s.fail(ctx, keys.pair, keys.address, keys.username); oerr != nil {
			return store.Developer{}, oerr
		}
		return store.Developer{}, Errorf(ErrInvalidGrant, "the email or password is wrong")
	}
	if oerr := s.succeed(ctx, keys, v); oerr != nil {
		return store.Developer{}, oerr
	}
	return d, nil
}
