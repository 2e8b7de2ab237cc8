package portal

import (
	"context"

	"openbank/store"
)

// Closure is what deleting an account does to its applications: the test
// ones are deleted with it, the production ones stay with the operator.
type Closure struct {
	Test, Production []store.Client
}

// ClosureOf splits the developer's applications as DeleteAccount treats them.
func (s *Service) ClosureOf(ctx context.Context, d store.Developer) (Closure, error) {
	apps, err := s.Apps(ctx, d)
	if err != nil {
		return Closure{}, err
	}
	var c Closure
	for _, a := range apps {
		if a.Environment == "production" {
			c.Production = append(c.Production, a)
		} else {
			c.Test = append(c.Test, a)
		}
	}
	return c, nil
}

// DeleteAccount deletes the developer's account once the password,
// checked under the sign-in's throttle from address, is right (a wrong
// one is an *oauth.Error). The test applications are deleted first (each
// audited as client.delete); the production clients stay with the
// operator, no longer owned by an account; the account's sessions, links
// and requests for production access go with it. Audited as
// developer.delete, naming the clients that stay.
func (s *Service) DeleteAccount(ctx context.Context, d store.Developer, password, address string) (Closure, error) {
	if _, oerr := s.Auth.CheckDeveloperPassword(ctx, d.Email, password, address); oerr != nil {
		return Closure{}, oerr
	}
	c, err := s.ClosureOf(ctx, d)
	if err != nil {
		return c, err
	}
	for _, a := range c.Test {
		if err := s.DeleteApp(ctx, d, a.ClientID); err != nil {
			return c, err
		}
	}
	kept := make([]string, 0, len(c.Production))
	for _, a := range c.Production {
		kept = append(kept, a.ClientID)
	}
	if err := s.Store.DeleteDeveloper(ctx, d.ID); err != nil {
		return c, err
	}
	return c, s.record(ctx, Actor(d.Email), "developer.delete", "developer/"+d.Email, recordOf(d),
		map[string]any{"deleted": true, "productionClientsKept": kept})
}
