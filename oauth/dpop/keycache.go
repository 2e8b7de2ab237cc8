package dpop

import "sync"

// maxCachedKeys and maxCachedHeader bound the cache of decoded proof
// headers: a few megabytes at most (an RSA-4096 key's header is about
// 1 KiB).
const (
	maxCachedKeys   = 4096
	maxCachedHeader = 2 << 10
)

// keys holds the headers of proofs whose signature verified: a client signs
// every proof with the same key, under the same header, so its key is
// decoded and its thumbprint computed once. A header is its bytes: the
// same bytes decode to the same alg, typ and key.
var keys = &keyCache{m: make(map[string]*publicKey)}

// keyCache maps a base64url protected header to its key. When full, an
// arbitrary entry makes room: a client whose header was dropped has it
// decoded again.
type keyCache struct {
	mu sync.RWMutex
	m  map[string]*publicKey
}

func (c *keyCache) get(header string) (*publicKey, bool) {
	c.mu.RLock()
	k, ok := c.m[header]
	c.mu.RUnlock()
	return k, ok
}

func (c *keyCache) put(header string, k *publicKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxCachedKeys {
		for h := range c.m {
			delete(c.m, h)
			break
		}
	}
	c.m[header] = k
}
