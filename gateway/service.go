package gateway

import (
	"context"
	"time"

	"openbank/store"
)

// Service owns the gateway's rules and its store calls: who may read and
// change a showcase, its reminders and its consents, what a valid request
// is, and the configured limits.
type Service struct {
	Store  *store.Store
	Clock  func() time.Time
	Limits Limits
}

// CreateShowcase validates in and stores a showcase owned by v, unless v
// holds the maximum already (store.ErrLimit) or the name is taken
// (store.ErrConflict).
func (s *Service) CreateShowcase(ctx context.Context, v store.Viewer, in NewShowcase) (store.Showcase, error) {
	sc, err := in.Showcase(v.Subject, s.Clock())
	if err != nil {
		return store.Showcase{}, err
	}
	return s.Store.CreateShowcase(ctx, sc, s.Limits.ShowcasesPerOwner)
}

// Showcase returns the showcase called name when v may do a to it.
func (s *Service) Showcase(ctx context.Context, v store.Viewer, name string, a Action) (store.Showcase, error) {
	sc, err := s.Store.GetShowcase(ctx, name, v)
	if err != nil {
		return store.Showcase{}, err
	}
	if err := Authorize(v, sc, a); err != nil {
		return store.Showcase{}, err
	}
	return sc, nil
}

// PatchShowcase changes the validity of a showcase v may patch.
func (s *Service) PatchShowcase(ctx context.Context, v store.Viewer, name string, in ShowcaseChange) (store.Showcase, error) {
	return s.Store.UpdateShowcase(ctx, name, v, func(cur store.Showcase) (store.Showcase, error) {
		if err := Authorize(v, cur, ShowcasePatch); err != nil {
			return cur, err
		}
		return in.Apply(cur)
	})
}

// DeleteShowcase deletes a showcase of v's with its reminders and consents.
func (s *Service) DeleteShowcase(ctx context.Context, v store.Viewer, name string) error {
	return s.Store.DeleteShowcase(ctx, name, v, Gate(v, ShowcaseDelete))
}

// ListShowcases returns one page of the showcases v owns or holds a
// consent on.
func (s *Service) ListShowcases(ctx context.Context, v store.Viewer, p store.Page) (store.PageOf[store.Showcase], error) {
	return s.Store.ListShowcases(ctx, v, store.ShowcaseFilter{}, p)
}

// SearchShowcases validates in and returns one page of the visible
// showcases it keeps.
func (s *Service) SearchShowcases(ctx context.Context, v store.Viewer, in ShowcaseSearch, p store.Page) (store.PageOf[store.Showcase], error) {
	f, err := in.Filter()
	if err != nil {
		return store.PageOf[store.Showcase]{}, err
	}
	return s.Store.ListShowcases(ctx, v, f, p)
}

// ReminderTexts returns the catalogue that selectableTextIdx indexes.
func (s *Service) ReminderTexts(ctx context.Context) ([]store.ReminderText, error) {
	return s.Store.ReminderTexts(ctx)
}
