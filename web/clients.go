package web

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/oauth"
	"openbank/store"
)

// clientDirectory gives the aggregation service and the widget the OAuth
// clients' settings and names. A row is reused for clientRowTTL, so a widget
// page or a burst of callbacks does not read it again and again; a change
// made with `openbank client update` shows within that time.
type clientDirectory struct {
	db   *sqlx.DB
	mu   sync.Mutex
	rows map[string]clientRow
}

const clientRowTTL = 2 * time.Second

type clientRow struct {
	client *store.Client // nil: no such client
	readAt time.Time
}

func newClientDirectory(db *sqlx.DB) *clientDirectory {
	return &clientDirectory{db: db, rows: map[string]clientRow{}}
}

// client returns the client's row, or nil when there is none.
func (d *clientDirectory) client(ctx context.Context, id string) (*store.Client, error) {
	now := time.Now()
	d.mu.Lock()
	r, ok := d.rows[id]
	d.mu.Unlock()
	if ok && now.Sub(r.readAt) < clientRowTTL {
		return r.client, nil
	}
	c, err := store.GetClient(ctx, d.db, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	r = clientRow{readAt: now}
	if err == nil {
		r.client = &c
	}
	d.mu.Lock()
	if len(d.rows) >= 10_000 {
		clear(d.rows)
	}
	d.rows[id] = r
	d.mu.Unlock()
	return r.client, nil
}

// Settings implements aggregation.Clients; an unknown (deleted) client has
// no settings.
func (d *clientDirectory) Settings(ctx context.Context, clientID string) (aggregation.ClientSettings, error) {
	c, err := d.client(ctx, clientID)
	if err != nil || c == nil {
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
func (d *clientDirectory) ClientName(ctx context.Context, clientID string) (string, error) {
	c, err := d.client(ctx, clientID)
	if err != nil || c == nil || c.Name == "" {
		return clientID, err
	}
	return c.Name, nil
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
