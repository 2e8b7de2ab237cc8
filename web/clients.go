package web

import (
	"context"

	"openbank/aggregation"
)

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
