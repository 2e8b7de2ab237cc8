package oauth

import (
	"crypto/sha256"
	"sync"
	"time"
)

// tokenCache remembers verified access tokens by their SHA-256 digest until
// they expire, so each token's signature is checked once per instance.
type tokenCache struct {
	mu      sync.RWMutex
	max     int
	entries map[[sha256.Size]byte]AccessClaims
}

func newTokenCache(max int) *tokenCache {
	return &tokenCache{max: max, entries: make(map[[sha256.Size]byte]AccessClaims)}
}

func (c *tokenCache) get(digest [sha256.Size]byte) (AccessClaims, bool) {
	c.mu.RLock()
	claims, ok := c.entries[digest]
	c.mu.RUnlock()
	return claims, ok
}

// put remembers claims unless the cache is full (a sweep makes room).
func (c *tokenCache) put(digest [sha256.Size]byte, claims AccessClaims) {
	c.mu.Lock()
	if len(c.entries) < c.max {
		c.entries[digest] = claims
	}
	c.mu.Unlock()
}

// sweep drops expired entries.
func (c *tokenCache) sweep(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for d, claims := range c.entries {
		if claims.Expiry.Time().Before(now) {
			delete(c.entries, d)
		}
	}
}
