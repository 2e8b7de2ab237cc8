package gateway

import (
	"context"

	"openbank/store"
)

// CreateConsent validates in and grants it on a showcase v owns, unless the
// showcase holds the maximum (store.ErrLimit) or the username holds a
// consent on it already (store.ErrConflict).
func (s *Service) CreateConsent(ctx context.Context, v store.Viewer, in NewConsent) (store.Consent, error) {
	c, err := in.Consent()
	if err != nil {
		return store.Consent{}, err
	}
	return s.Store.CreateConsent(ctx, c, v, s.Limits.ConsentsPerShowcase, GrantGate(v, c))
}

// Consent returns a consent v may see: as the showcase's owner or as its
// grantee.
func (s *Service) Consent(ctx context.Context, v store.Viewer, identifier int32, showcase string) (store.Consent, error) {
	c, err := s.Store.GetConsent(ctx, identifier, showcase)
	if err != nil {
		return store.Consent{}, err
	}
	if err := SeeConsent(v, c); err != nil {
		return store.Consent{}, err
	}
	return c, nil
}

// DeleteConsent revokes a consent on a showcase v owns.
func (s *Service) DeleteConsent(ctx context.Context, v store.Viewer, identifier int32, showcase string) error {
	allow := func(c store.Consent) error { return MayDeleteConsent(v, c) }
	return s.Store.DeleteConsent(ctx, identifier, showcase, allow)
}

// ListConsents returns one page of the consents v may see.
func (s *Service) ListConsents(ctx context.Context, v store.Viewer, p store.Page) (store.PageOf[store.Consent], error) {
	return s.Store.ListConsents(ctx, v, p)
}
