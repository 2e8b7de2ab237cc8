package oauth

import (
	"sync"
	"time"

	"openbank/store"
)

// clientCacheTTL bounds how long a client row read for authentication is
// reused. A secret rotated, a client deleted or a lock from failures on
// another instance is seen within it; failures here drop the row at once.
const clientCacheTTL = 2 * time.Second

// clientCache spares a busy token endpoint one database read per request:
// the secret is still checked against the cached digest every time.
type clientCache struct {
	mu      sync.Mutex
	entries map[string]cachedClient
}

type cachedClient struct {
	client store.ClientWithThrottle
	readAt time.Time
}

func newClientCache() *clientCache { return &clientCache{entries: map[string]cachedClient{}} }

func (cc *clientCache) get(id string, now time.Time) (store.ClientWithThrottle, bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	e, ok := cc.entries[id]
	if !ok || now.Sub(e.readAt) >= clientCacheTTL || now.Before(e.readAt) {
		return store.ClientWithThrottle{}, false
	}
	return e.client, true
}

func (cc *clientCache) put(id string, c store.ClientWithThrottle, now time.Time) {
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
