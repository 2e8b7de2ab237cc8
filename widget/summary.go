package widget

import (
	"context"
	"time"

	"openbank/store"
)

// SlowAfter is how long a fetch may run before the progress page says
// that it is taking longer than usual.
const SlowAfter = 10 * time.Second

// Connected is what a subject connected: the accounts the client now sees
// and until when.
type Connected struct {
	Accounts   []string  // the accounts' names, with the last digits of their IBAN
	ValidUntil time.Time // the end of the consent; zero when unknown
}

// Connected reads the accounts a widget's connection shares and the end of
// its consent, for the success page.
func (s *Service) Connected(ctx context.Context, w *store.Widget, connectionID int64) (*Connected, error) {
	if _, err := s.connectionOf(ctx, w, connectionID); err != nil {
		return nil, err
	}
	conn, err := s.store().Connection(ctx, w.ClientID, connectionID)
	if err != nil {
		return nil, err
	}
	accounts, err := s.store().Accounts(ctx, w.ClientID, connectionID)
	if err != nil {
		return nil, err
	}
	out := &Connected{Accounts: make([]string, 0, len(accounts)), ValidUntil: conn.ConsentValidUntil.Time}
	for _, a := range accounts {
		out.Accounts = append(out.Accounts, accountLabel(a))
	}
	return out, nil
}

// accountLabel names an account as its owner knows it: "Everyday account
// ···· 4821".
func accountLabel(a store.Account) string {
	if len(a.IBAN) < 4 {
		return a.Name
	}
	return a.Name + " ···· " + a.IBAN[len(a.IBAN)-4:]
}
