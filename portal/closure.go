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
// one is an *oauth.Error). In one transaction, so that a failure changes
// nothing: the test applications are deleted as DeleteApp deletes one
// (their results and grants, their tokens revoked; each audited as
// client.delete); the production clients stay with the operator, no
// longer owned by an account; the account goes with its sessions, links
// and requests for production access. Audited as developer.delete, naming
// the clients that stay.
func (s *Service) DeleteAccount(ctx context.Context, d store.Developer, password, address string) (Closure, error) {
	if _, oerr := s.Auth.CheckDeveloperPassword(ctx, d.Email, password, address); oerr != nil {
		return Closure{}, oerr
	}
	c, err := s.ClosureOf(ctx, d)
	if err != nil {
		return c, err
	}
	records := make([]map[string]any, 0, len(c.Test))
	for _, a := range c.Test {
		sec, err := s.Aggregation.CallbackSecurity(ctx, a.ClientID)
		if err != nil {
			return c, err
		}
		records = append(records, appRecord(a, sec))
	}
	kept := make([]string, 0, len(c.Production))
	for _, a := range c.Production {
		kept = append(kept, a.ClientID)
	}
	return c, s.Store.InTx(ctx, func(tx *store.Tx) error {
		for i, a := range c.Test {
			if err := s.Registry.DeleteClientIn(ctx, tx, a.ClientID); err != nil {
				return err
			}
			if err := s.recordIn(ctx, tx, Actor(d.Email), "client.delete", "client/"+a.ClientID, records[i], nil); err != nil {
				return err
			}
		}
		if err := tx.DeleteDeveloper(ctx, d.ID); err != nil {
			return err
		}
		return s.recordIn(ctx, tx, Actor(d.Email), "developer.delete", "developer/"+d.Email, recordOf(d),
			map[string]any{"deleted": true, "productionClientsKept": kept})
	})
}
