package oauth

import (
	"context"
	"errors"
	"sync"
	"time"

	"openbank/store"
)

// clientCacheTTL bounds how long a client row is reused. A lock from
// failures on another instance is seen within it; a client changed with
// UpdateClient or deleted is dropped at once on every instance, and
// failures here drop the row at once.
const clientCacheTTL = 2 * time.Second

// clientCache spares a busy token endpoint, a widget page or a burst of
// callbacks one database read per request: the secret is still checked
// against the cached digest every time. A nil entry remembers that there
// is no such client.
type clientCache struct {
	mu      sync.Mutex
	entries map[string]cachedClient
}

type cachedClient struct {
	client *authClient // nil: no such client
	readAt time.Time
}

func newClientCache() *clientCache { return &clientCache{entries: map[string]cachedClient{}} }

func (cc *clientCache) get(id string, now time.Time) (*authClient, bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	e, ok := cc.entries[id]
	if !ok || now.Sub(e.readAt) >= clientCacheTTL || now.Before(e.readAt) {
		return nil, false
	}
	return e.client, true
}

func (cc *clientCache) put(id string, c *authClient, now time.Time) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if len(cc.entries) >= 10_000 { // many clients: start over rather than grow
		clear(cc.entries)
	}
	cc.entries[id] = cachedClient{client: c, readAt: now}
}

func (cc *clientCache) drop(id string) {
	cc.mu.Lock()
	delete(cc.entries, id)
	cc.mu.Unlock()
}

// cachedClient returns the client with id and the lock of its failed
// authentications, reusing a row read within clientCacheTTL; nil when there
// is no such client. A remembered absence is trusted only when absentOK:
// authentication reads again, so a client just created works at once.
func (s *Server) cachedClient(ctx context.Context, id string, absentOK bool) (*authClient, error) {
	now := s.now()
	if c, ok := s.clients.get(id, now); ok && (c != nil || absentOK) {
		return c, nil
	}
	c, err := s.db.GetClientForAuth(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		s.clients.put(id, nil, now)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sec, err := s.db.GetClientSecurity(ctx, id)
	if err != nil {
		return nil, err
	}
	ac := &authClient{ClientWithThrottle: c, Security: sec}
	s.clients.put(id, ac, now)
	return ac, nil
}

// authClient is a client as authentication reads it: its row, the lock of
// its failed authentications and its security profile.
type authClient struct {
	store.ClientWithThrottle
	Security store.ClientSecurity
}
