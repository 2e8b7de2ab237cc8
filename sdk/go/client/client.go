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
	// PrivateKeyJWT, when its Key is set, authenticates the client with
	// signed assertions (private_key_jwt) instead of ClientSecret.
	PrivateKeyJWT PrivateKeyJWT
	// DPoP, when set, has the tokens bound to this key and proves it on
	// every call (RFC 9449), as a FAPI 2.0 client must.
	DPoP *DPoPKey
}

// HTTPClient returns the *http.Client to give a generated client (with
// its WithHTTPClient option): it gets and renews the access token with the
// client-credentials grant at BaseURL/oauth2/token (by client secret, or
// by private_key_jwt), binds it to the DPoP key when there is one, sets
// X-Request-Id and retries as the package says. ctx bounds the token
// requests.
func HTTPClient(ctx context.Context, cfg Config) *http.Client {
	beneath := cfg.HTTPClient
	if beneath == nil {
		beneath = http.DefaultClient
	}
	base := transportOf(beneath)
	if cfg.DPoP != nil {
		base = &DPoP{Key: cfg.DPoP, Base: base}
	}
	tokenClient := &http.Client{Transport: base, Timeout: beneath.Timeout}
	issuer := strings.TrimSuffix(cfg.BaseURL, "/")
	var source oauth2.TokenSource
	if cfg.PrivateKeyJWT.Key != nil {
		source = oauth2.ReuseTokenSource(nil, &assertionTokens{ctx: ctx, hc: tokenClient, tokenURL: issuer + "/oauth2/token",
			issuer: issuer, clientID: cfg.ClientID, auth: cfg.PrivateKeyJWT})
	} else {
		tokens := clientcredentials.Config{
			ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, AuthStyle: oauth2.AuthStyleInHeader,
			TokenURL: issuer + "/oauth2/token",
		}
		source = tokens.TokenSource(context.WithValue(ctx, oauth2.HTTPClient, tokenClient))
	}
	authorized := &oauth2.Transport{Source: source, Base: base}
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
