package console

import (
	"context"
	"errors"

	"openbank/store"
)

// Page sizes of the user and family lists.
const (
	UserPageSize   = 50
	FamilyPageSize = 100
)

// ErrOwnAccount refuses a change an admin may not make to their own
// account from the console (losing the admin flag, deletion): another
// admin must, so the console never locks its last admin out.
var ErrOwnAccount = errors.New("console: an admin cannot remove their own access")

// SetAdmin gives username the admin flag or takes it away; actor may not
// take their own.
func (s *Service) SetAdmin(ctx context.Context, actor, username string, admin bool) error {
	if !admin && actor == username {
		return ErrOwnAccount
	}
	return s.Store.SetUserAdmin(ctx, username, admin)
}

// Users returns one page of users by name after the given one, and
// whether another page follows.
func (s *Service) Users(ctx context.Context, after string) ([]store.User, bool, error) {
	out, err := s.Store.Reader().ConsoleUsers(ctx, after, UserPageSize+1)
	if err != nil || len(out) <= UserPageSize {
		return out, false, err
	}
	return out[:UserPageSize], true, nil
}

// Families returns the live refresh-token families, newest first,
// narrowed to a username or a client when given.
func (s *Service) Families(ctx context.Context, username, clientID string) ([]store.Family, error) {
	return s.Store.LiveFamilies(ctx, username, clientID, s.now(), FamilyPageSize)
}

// Clients returns every OAuth client, oldest first.
func (s *Service) Clients(ctx context.Context) ([]store.Client, error) {
	return s.Store.ListClients(ctx)
}

// Client returns one OAuth client, or store.ErrNotFound.
func (s *Service) Client(ctx context.Context, id string) (store.Client, error) {
	return s.Store.GetClient(ctx, id)
}
