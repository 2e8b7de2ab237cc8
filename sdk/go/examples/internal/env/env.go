// Package env reads the examples' settings: OPENBANK_URL (default
// http://localhost:8080), OPENBANK_CLIENT_ID and OPENBANK_CLIENT_SECRET
// (default the demo client's, which `make run` seeds).
package env

import (
	"context"
	"net/http"
	"os"

	"openbank/sdk/go/client"
)

// Base is the server's URL.
func Base() string {
	return or(os.Getenv("OPENBANK_URL"), "http://localhost:8080")
}

// HTTPClient is an authorized client of the server as the configured OAuth
// client.
func HTTPClient(ctx context.Context) *http.Client {
	return client.HTTPClient(ctx, client.Config{
		BaseURL:      Base(),
		ClientID:     ClientID(),
		ClientSecret: or(os.Getenv("OPENBANK_CLIENT_SECRET"), "demo-client-secret"),
	})
}

func or(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}

// ClientID is the OAuth client's id.
func ClientID() string {
	return or(os.Getenv("OPENBANK_CLIENT_ID"), "demo-client")
}
