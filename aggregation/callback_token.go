package aggregation

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"openbank/store"
)

// Bounds of the tokens of clients' callback token endpoints.
const (
	tokenDefaultLife = 5 * time.Minute  // a token answered without expires_in
	tokenEarly       = 30 * time.Second // a cached token is renewed this long before it expires
	maxTokenBody     = 64 << 10
)

// TokenCache keeps the bearer tokens of clients' callback token endpoints
// until they expire. Its zero value is empty and ready; it must not be
// copied after first use.
type TokenCache struct {
	mu     sync.Mutex
	byKey  map[string]cachedToken
	groups map[string]*sync.Mutex // one fetch at a time per key
}

type cachedToken struct {
	value string
	until time.Time
}

// tokenKey names a client's token endpoint settings: a changed URL, id,
// secret or scope is another key, so a change is picked up at once.
func tokenKey(sec store.CallbackSecurity) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%s\x00%s\x00%s", sec.ClientID, sec.TokenURL, sec.TokenClientID, sec.TokenSecret, sec.TokenScope))
	return string(sum[:])
}

func (c *TokenCache) get(key string, now time.Time) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.byKey[key]
	return t.value, ok && now.Before(t.until)
}

func (c *TokenCache) put(key string, t cachedToken) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byKey == nil {
		c.byKey = map[string]cachedToken{}
	}
	c.byKey[key] = t
}

// lock serialises the fetches of one key, so that concurrent deliveries
// to one client ask its token endpoint once.
func (c *TokenCache) lock(key string) func() {
	c.mu.Lock()
	if c.groups == nil {
		c.groups = map[string]*sync.Mutex{}
	}
	g, ok := c.groups[key]
	if !ok {
		g = &sync.Mutex{}
		c.groups[key] = g
	}
	c.mu.Unlock()
	g.Lock()
	return g.Unlock
}

// bearer is the token to send to a client's callback endpoint: the cached
// one unless it is stale (refused with a 401) or about to expire, else a new one from
// the client's token endpoint (client credentials grant).
func (s *Service) bearer(ctx context.Context, client *http.Client, sec store.CallbackSecurity, stale string) (string, error) {
	cache := s.Tokens
	if cache == nil {
		t, err := s.fetchToken(ctx, client, sec)
		return t.value, err
	}
	key := tokenKey(sec)
	if v, ok := cache.get(key, s.now()); ok && v != stale {
		return v, nil
	}
	defer cache.lock(key)()
	if v, ok := cache.get(key, s.now()); ok && v != stale { // another delivery fetched it meanwhile
		return v, nil
	}
	t, err := s.fetchToken(ctx, client, sec)
	if err != nil {
		return "", err
	}
	cache.put(key, t)
	return t.value, nil
}

// fetchToken asks the client's token endpoint for a token, under the
// same outbound policy as the callbacks themselves.
func (s *Service) fetchToken(ctx context.Context, client *http.Client, sec store.CallbackSecurity) (cachedToken, error) {
	if _, err := s.Outbound.CheckURL(sec.TokenURL); err != nil {
		return cachedToken{}, fmt.Errorf("token URL: %w", err)
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	if sec.TokenScope != "" {
		form.Set("scope", sec.TokenScope)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sec.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return cachedToken{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "Openbank-Callbacks/1")
	req.SetBasicAuth(url.QueryEscape(sec.TokenClientID), url.QueryEscape(string(sec.TokenSecret)))
	resp, err := client.Do(req)
	if err != nil {
		return cachedToken{}, fmt.Errorf("token request: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	return s.readToken(resp)
}

// readToken reads a token response (RFC 6749 §5.1).
func (s *Service) readToken(resp *http.Response) (cachedToken, error) {
	if resp.StatusCode != http.StatusOK {
		return cachedToken{}, fmt.Errorf("token endpoint answered %s", resp.Status)
	}
	var body struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxTokenBody))
	if err != nil {
		return cachedToken{}, fmt.Errorf("token response: %w", err)
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.AccessToken == "" {
		return cachedToken{}, errors.New("token endpoint answered no access_token")
	}
	if body.TokenType != "" && !strings.EqualFold(body.TokenType, "bearer") {
		return cachedToken{}, fmt.Errorf("token endpoint answered token_type %q, not Bearer", body.TokenType)
	}
	life := tokenDefaultLife
	if body.ExpiresIn > 0 {
		life = time.Duration(body.ExpiresIn) * time.Second
	}
	if life > 2*tokenEarly {
		life -= tokenEarly
	}
	return cachedToken{value: body.AccessToken, until: s.now().Add(life)}, nil
}
