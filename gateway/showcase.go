package gateway

import (
	"crypto/rand"
	"time"

	"openbank/store"
)

// NewShowcase is a showcase as a caller asked for it, absent fields nil.
// Name is our extension: without it a name is generated; validFrom
// defaults to now.
type NewShowcase struct {
	Name      *string
	ValidFrom *string
	ValidTo   *string
}

// Showcase validates the request into a new showcase of owner.
func (in NewShowcase) Showcase(owner string, now time.Time) (store.Showcase, error) {
	s := store.Showcase{Owner: owner, ValidFrom: now.UTC().Round(time.Microsecond)}
	if in.Name == nil {
		s.Name = GenerateName()
	} else if !ValidName(*in.Name) {
		return s, invalid("name", "must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
	} else {
		s.Name = *in.Name
	}
	if in.ValidTo == nil {
		return s, invalid("validTo", "is required")
	}
	to, err := parseTime("validTo", *in.ValidTo)
	if err != nil {
		return s, err
	}
	from, err := optionalTime("validFrom", in.ValidFrom)
	if err != nil {
		return s, err
	}
	if from != nil {
		s.ValidFrom = *from
	}
	s.ValidTo = to
	return s, checkPeriod(s.ValidFrom, s.ValidTo)
}

// GenerateName makes a fresh showcase name such as sc-k3v9q2m7x4bd.
func GenerateName() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand never fails
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "sc-" + string(b)
}

// ShowcaseChange is a change to a showcase's validity: the fields present
// replace the current ones.
type ShowcaseChange struct {
	ValidFrom *string
	ValidTo   *string
}

// Apply validates the patch against cur and returns the patched showcase.
func (in ShowcaseChange) Apply(cur store.Showcase) (store.Showcase, error) {
	if in.ValidFrom == nil && in.ValidTo == nil {
		return cur, invalid("body", "must set validFrom, validTo or both")
	}
	from, err := optionalTime("validFrom", in.ValidFrom)
	if err != nil {
		return cur, err
	}
	to, err := optionalTime("validTo", in.ValidTo)
	if err != nil {
		return cur, err
	}
	if from != nil {
		cur.ValidFrom = *from
	}
	if to != nil {
		cur.ValidTo = *to
	}
	return cur, checkPeriod(cur.ValidFrom, cur.ValidTo)
}

// ShowcaseSearch narrows a showcase list; absent fields do not filter.
type ShowcaseSearch struct {
	NameFilter    *string
	StartValidity *string
	EndValidity   *string
}

// Filter validates the search into a store filter.
func (in ShowcaseSearch) Filter() (store.ShowcaseFilter, error) {
	var f store.ShowcaseFilter
	var err error
	if f.NameContains, err = checkFilter("nameFilter", in.NameFilter); err != nil {
		return f, err
	}
	if f.ValidFromMin, err = optionalTime("startValidity", in.StartValidity); err != nil {
		return f, err
	}
	f.ValidToMax, err = optionalTime("endValidity", in.EndValidity)
	return f, err
}
