package console

import (
	"context"
	"strings"

	"openbank/store"
)

// ShowcasePageSize is how many showcases one console page lists.
const ShowcasePageSize = 25

// ConsentPageSize is how many consents one console page lists.
const ConsentPageSize = 50

// Owner is the viewer the console acts as on a showcase: its owner, so
// that every change goes through the gateway's rules and limits exactly as
// the owner's own API call would.
func (s *Service) Owner(ctx context.Context, showcase string) (store.Viewer, error) {
	owner, err := s.Store.ShowcaseOwner(ctx, showcase)
	if err != nil {
		return store.Viewer{}, err
	}
	return OwnerViewer(owner), nil
}

// OwnerViewer is the viewer of an owner subject: a username, or
// client:<id> for a client's own showcases.
func OwnerViewer(owner string) store.Viewer {
	v := store.Viewer{Subject: owner}
	if !strings.HasPrefix(owner, "client:") {
		v.Username = owner
	}
	return v
}

// Showcases returns one page of every owner's showcases and whether
// another page follows.
func (s *Service) Showcases(ctx context.Context, q store.ConsoleShowcaseQuery) ([]store.Showcase, bool, error) {
	q.Limit = ShowcasePageSize + 1
	out, err := s.Store.Reader().ConsoleShowcases(ctx, q)
	if err != nil || len(out) <= ShowcasePageSize {
		return out, false, err
	}
	return out[:ShowcasePageSize], true, nil
}

// Consents returns one page of the consents of a showcase or a username
// after the identifier after, and whether another page follows.
func (s *Service) Consents(ctx context.Context, showcase, username string, after int32) ([]store.Consent, bool, error) {
	out, err := s.Store.ConsoleConsents(ctx, showcase, username, after, ConsentPageSize+1)
	if err != nil || len(out) <= ConsentPageSize {
		return out, false, err
	}
	return out[:ConsentPageSize], true, nil
}
