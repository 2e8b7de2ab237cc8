package web

import (
	"context"
	"errors"
	"slices"

	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/oauth"
	"openbank/store"
)

// clientDirectory gives the aggregation service the OAuth clients'
// settings: callbacks, return origins.
type clientDirectory struct {
	db *sqlx.DB
}

// Settings implements aggregation.Clients; an unknown (deleted) client has
// no settings.
func (d clientDirectory) Settings(ctx context.Context, clientID string) (aggregation.ClientSettings, error) {
	c, err := store.GetClient(ctx, d.db, clientID)
	if errors.Is(err, store.ErrNotFound) {
		return aggregation.ClientSettings{}, nil
	}
	if err != nil {
		return aggregation.ClientSettings{}, err
	}
	return aggregation.ClientSettings{
		Callbacks:        slices.Contains(c.Products, oauth.ProductCallbacks),
		SuccessURL:       c.CallbackSuccess,
		FailureURL:       c.CallbackFailure,
		HMACSecret:       c.CallbackHMAC,
		ExpiryNoticeDays: c.ExpiryNotice,
		ReturnToOrigins:  c.ReturnOrigins,
	}, nil
}

// ClientName returns a client's display name, or its id when it has none.
func (d clientDirectory) ClientName(ctx context.Context, clientID string) (string, error) {
	c, err := store.GetClient(ctx, d.db, clientID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.Name == "") {
		return clientID, nil
	}
	return c.Name, err
}

// StaticClient is a client known to the server without the OAuth client
// registry: its display name and aggregation settings (for tests).
type StaticClient struct {
	Name     string
	Settings aggregation.ClientSettings
}

// StaticClients is a fixed client registry keyed by client id.
type StaticClients map[string]StaticClient

// Settings returns a client's aggregation settings.
func (c StaticClients) Settings(_ context.Context, clientID string) (aggregation.ClientSettings, error) {
	return c[clientID].Settings, nil
}

// ClientName returns a client's display name, or its id when it has none.
func (c StaticClients) ClientName(_ context.Context, clientID string) (string, error) {
	if name := c[clientID].Name; name != "" {
		return name, nil
	}
	return clientID, nil
}
