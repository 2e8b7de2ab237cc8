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
