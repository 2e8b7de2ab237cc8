package client

import (
	"context"
	"net/http"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// Config says which server to call and as which client.
type Config struct {
	BaseURL      string        // the server, e.g. https://openbank.example.com
	ClientID     string        // the OAuth client's id
	ClientSecret string        // the OAuth client's secret
	MaxRetries   int           // retries of a 429, 503 or failed call; 0: 3, negative: none
	MaxWait      time.Duration // the longest Retry-After waited for; 0: one minute
	HTTPClient   *http.Client  // the client beneath, for tokens and calls; nil: http.DefaultClient
}

// HTTPClient returns the *http.Client to give a generated client (with
// its WithHTTPClient option): it gets and renews the access token with the
// client-credentials grant at BaseURL/oauth2/token, sets X-Request-Id and
// retries as the package says. ctx bounds the token requests.
func HTTPClient(ctx context.Context, cfg Config) *http.Client {
	beneath := cfg.HTTPClient
	if beneath == nil {
		beneath = http.DefaultClient
	}
	tokens := clientcredentials.Config{
		ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, AuthStyle: oauth2.AuthStyleInHeader,
		TokenURL: strings.TrimSuffix(cfg.BaseURL, "/") + "/oauth2/token",
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, beneath)
	authorized := &oauth2.Transport{Source: tokens.TokenSource(ctx), Base: transportOf(beneath)}
	return &http.Client{
		Transport: &Retrying{Next: authorized, MaxRetries: cfg.MaxRetries, MaxWait: cfg.MaxWait},
		Timeout:   beneath.Timeout,
	}
}

// APIURL is the base URL of one API release level, e.g.
// APIURL("https://openbank.example.com", "/aggregation/v3.12.0").
func APIURL(baseURL, path string) string {
	return strings.TrimSuffix(baseURL, "/") + path
}

func transportOf(c *http.Client) http.RoundTripper {
	if c.Transport != nil {
		return c.Transport
	}
	return http.DefaultTransport
}
