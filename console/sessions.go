package console

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"

	"openbank/store"
)

// ErrSignedOut is a session that ended, expired, was idle too long, or
// whose user is no longer an admin.
var ErrSignedOut = errors.New("console: signed out")

// Admin is who a live session speaks for.
type Admin struct {
	Username string
	External bool // signed in at an external issuer
}

// StartSession opens a session for an admin and returns the id the
// browser's cookie keeps; only its digest is stored.
func (s *Service) StartSession(ctx context.Context, a Admin, address string) (string, error) {
	b := make([]byte, 32)
	rand.Read(b) // crypto/rand never fails
	id := base64.RawURLEncoding.EncodeToString(b)
	now := s.now()
	err := s.Store.CreateConsoleSession(ctx, store.ConsoleSession{
		IDDigest: digest(id), Username: a.Username, External: a.External, Address: address,
		CreatedAt: now, ExpiresAt: now.Add(s.maxAge()),
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Resume returns the admin of a live session and marks it used. A session
// of the built-in issuer ends as soon as its user is deleted or loses the
// admin flag.
func (s *Service) Resume(ctx context.Context, id string) (Admin, error) {
	if id == "" {
		return Admin{}, ErrSignedOut
	}
	now := s.now()
	row, err := s.Store.TouchConsoleSession(ctx, digest(id), now, now.Add(-s.idle()))
	if errors.Is(err, store.ErrNotFound) {
		return Admin{}, ErrSignedOut
	}
	if err != nil {
		return Admin{}, err
	}
	if !row.External && !row.Admin {
		if err := s.Store.EndConsoleSession(ctx, digest(id), now); err != nil {
			return Admin{}, err
		}
		return Admin{}, ErrSignedOut
	}
	return Admin{Username: row.Username, External: row.External}, nil
}

// EndSession signs a session out on every instance.
func (s *Service) EndSession(ctx context.Context, id string) error {
	if id == "" {
		return nil
	}
	return s.Store.EndConsoleSession(ctx, digest(id), s.now())
}

// RecentLogins returns the latest n sign-ins.
func (s *Service) RecentLogins(ctx context.Context, n int) ([]store.ConsoleSession, error) {
	return s.Store.RecentConsoleSessions(ctx, n)
}

func digest(id string) []byte {
	d := sha256.Sum256([]byte(id))
	return d[:]
}
