package gateway

import (
	"time"

	"openbank/store"
)

// showcaseJSON is the Showcase of the API.
type showcaseJSON struct {
	Name      string    `json:"name"`
	Owner     string    `json:"owner"`
	ValidFrom time.Time `json:"validFrom"`
	ValidTo   time.Time `json:"validTo"`
}

func showcaseView(s store.Showcase) showcaseJSON {
	return showcaseJSON{Name: s.Name, Owner: s.Owner, ValidFrom: s.ValidFrom.UTC(), ValidTo: s.ValidTo.UTC()}
}
