package oauth

import (
	"context"
	"slices"

	"openbank/aggregation"
)

// Clients is the OAuth client registry as other services read it: the
// aggregation's settings of a client and the name it shows its subjects,
// read through the same cache as client authentication.
type Clients struct{ s *Server }

// Clients is the server's view of the client registry.
func (s *Server) Clients() Clients { return Clients{s} }

// Settings implements aggregation.Clients; an unknown (deleted) client has
// no settings.
func (r Clients) Settings(ctx context.Context, clientID string) (aggregation.ClientSettings, error) {
	c, err := r.s.cachedClient(ctx, clientID, true)
	if err != nil || c == nil {
		return aggregation.ClientSettings{}, err
	}
	name := c.Name
	if name == "" {
		name = clientID
	}
	return aggregation.ClientSettings{
		Name:             name,
		Callbacks:        slices.Contains(c.Products, ProductCallbacks),
		SuccessURL:       c.CallbackSuccess,
		FailureURL:       c.CallbackFailure,
		HMACSecret:       c.CallbackHMAC,
		ExpiryNoticeDays: c.ExpiryNotice,
		ReturnToOrigins:  c.ReturnOrigins,
		Environment:      environmentOf(c.Environment),
		Quotas: aggregation.Quotas{SubjectConnections: c.MaxSubjectConnections, SubjectWidgets: c.MaxSubjectWidgets,
			Connections: c.MaxConnections},
		DefaultLocale: c.DefaultLocale,
	}, nil
}

// ClientName returns a client's display name, or its id when it has none.
func (r Clients) ClientName(ctx context.Context, clientID string) (string, error) {
	c, err := r.s.cachedClient(ctx, clientID, true)
	if err != nil || c == nil || c.Name == "" {
		return clientID, err
	}
	return c.Name, nil
}
