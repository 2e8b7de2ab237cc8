package oauth

import (
	"crypto/sha256"
	"sync"
	"time"
)

// tokenCache remembers verified access tokens by their SHA-256 digest (never
// the token itself) until they expire, so each token's signature is checked
// once per instance. It holds at most max tokens: a new token evicts an
// arbitrary one, which only costs that token one more signature check.
// Revocations are not its business: VerifyAccessToken checks them on every
// call, cached or not.
type tokenCache struct {
	mu      sync.RWMutex
	max     int
	entries map[[sha256.Size]byte]AccessClaims
}

func newTokenCache(max int) *tokenCache {
	return &tokenCache{max: max, entries: make(map[[sha256.Size]byte]AccessClaims)}
}

// get returns the claims of a token verified before, expired or not: an
// expired token is refused by its claims without a signature check.
func (c *tokenCache) get(digest [sha256.Size]byte) (AccessClaims, bool) {
	c.mu.RLock()
	claims, ok := c.entries[digest]
	c.mu.RUnlock()
	return claims, ok
}

// put remembers the claims of a verified token until sweep finds them
// expired; a full cache first forgets an arbitrary token.
func (c *tokenCache) put(digest [sha256.Size]byte, claims AccessClaims) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[digest]; !ok && len(c.entries) >= c.max {
		for d := range c.entries { // map order is unspecified: any token goes
			delete(c.entries, d)
			break
		}
	}
	c.entries[digest] = claims
}

// len is how many tokens the cache holds.
func (c *tokenCache) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

// sweep drops expired entries.
func (c *tokenCache) sweep(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for d, claims := range c.entries {
		if !claims.Expiry.Time().After(now) {
			delete(c.entries, d)
		}
	}
}
