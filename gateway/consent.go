package gateway

import (
	"openbank/store"
)

// NewConsent is a consent as a caller asked for it, absent fields nil.
type NewConsent struct {
	Showcase     *string
	Username     *string
	ConsentLevel *string
}

// Consent validates the request into a new consent.
func (in NewConsent) Consent() (store.Consent, error) {
	if in.Showcase == nil {
		return store.Consent{}, invalid("showcase", "is required")
	}
	if !ValidName(*in.Showcase) {
		return store.Consent{}, invalid("showcase", "must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
	}
	if in.Username == nil {
		return store.Consent{}, invalid("username", "is required")
	}
	if err := checkUsername("username", *in.Username); err != nil {
		return store.Consent{}, err
	}
	if in.ConsentLevel == nil {
		return store.Consent{}, invalid("consentLevel", "is required")
	}
	if l := *in.ConsentLevel; l != LevelReadOnly && l != LevelFullAccess {
		return store.Consent{}, invalid("consentLevel", "must be READ_ONLY or FULL_ACCESS")
	}
	return store.Consent{Showcase: *in.Showcase, Username: *in.Username, Level: *in.ConsentLevel}, nil
}

// GrantGate is the gate of a consent creation: only the owner manages
// consents, and a consent for the owner itself is refused.
func GrantGate(v store.Viewer, c store.Consent) store.Gate {
	return func(s store.Showcase) error {
		if err := Authorize(v, s, ConsentsManage); err != nil {
			return err
		}
		if c.Username == s.Owner {
			return invalid("username", "is the showcase's owner, who has full access already")
		}
		return nil
	}
}
