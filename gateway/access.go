package gateway

import (
	"errors"

	"openbank/oauth"
	"openbank/store"
)

// Consent levels a grant may carry.
const (
	LevelReadOnly   = "READ_ONLY"
	LevelFullAccess = "FULL_ACCESS"
)

// Access errors: ErrHidden is answered as "not found", ErrForbidden as
// "forbidden".
var (
	ErrHidden    = errors.New("gateway: not visible to the caller")
	ErrForbidden = errors.New("gateway: not allowed at the caller's consent level")
)

// Action is something a caller does to a showcase or what it holds.
type Action int

// Actions on a showcase, from reading to managing it.
const (
	ShowcaseRead Action = iota
	ShowcasePatch
	ShowcaseDelete
	RemindersWrite
	ConsentsManage
)

// ViewerOf is who the principal is to the store: its subject owns
// showcases, its username receives consents.
func ViewerOf(p oauth.Principal) store.Viewer {
	return store.Viewer{Subject: p.Subject, Username: p.Username}
}

// Authorize decides whether v may do a to s: the owner may do anything;
// a FULL_ACCESS grantee may read and patch the showcase and write its
// reminders; a READ_ONLY grantee may read; everyone else sees nothing.
func Authorize(v store.Viewer, s store.Showcase, a Action) error {
	switch {
	case s.Owner == v.Subject:
		return nil
	case s.Grant == "":
		return ErrHidden
	case a == ShowcaseRead:
		return nil
	case s.Grant == LevelFullAccess && (a == ShowcasePatch || a == RemindersWrite):
		return nil
	}
	return ErrForbidden
}

// Gate is Authorize as a store.Gate for the writing transaction.
func Gate(v store.Viewer, a Action) store.Gate {
	return func(s store.Showcase) error { return Authorize(v, s, a) }
}

// SeeConsent decides whether v may see c: the showcase's owner and the
// consent's grantee may.
func SeeConsent(v store.Viewer, c store.Consent) error {
	if c.Owner == v.Subject || (v.Username != "" && c.Username == v.Username) {
		return nil
	}
	return ErrHidden
}

// MayDeleteConsent decides whether v may delete c: only the showcase's owner.
func MayDeleteConsent(v store.Viewer, c store.Consent) error {
	if err := SeeConsent(v, c); err != nil {
		return err
	}
	if c.Owner != v.Subject {
		return ErrForbidden
	}
	return nil
}
