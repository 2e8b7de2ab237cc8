package oauth

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"time"
)

// originCacheTTL bounds how long the set of public clients' origins is
// reused; a client changed or deleted clears it at once on every instance.
const originCacheTTL = 30 * time.Second

// originCache is the set of web origins of public clients: the origins of
// their http(s) redirect URIs, which browsers may call the token,
// revocation, userinfo, JWKS and discovery endpoints from (CORS).
type originCache struct {
	mu      sync.Mutex
	origins map[string]bool
	readAt  time.Time
}

func newOriginCache() *originCache { return &originCache{} }

// clear makes the next lookup read the clients again.
func (oc *originCache) clear() {
	oc.mu.Lock()
	oc.origins = nil
	oc.mu.Unlock()
}

// BrowserOrigin reports whether origin (an Origin header) is a registered
// origin of a public client; confidential clients never call from a
// browser.
func (s *Server) BrowserOrigin(ctx context.Context, origin string) (bool, error) {
	o, ok := OriginOf(origin)
	if !ok {
		return false, nil
	}
	now := s.now()
	s.origins.mu.Lock()
	defer s.origins.mu.Unlock()
	if s.origins.origins == nil || now.Sub(s.origins.readAt) >= originCacheTTL || now.Before(s.origins.readAt) {
		cs, err := s.db.ListClients(ctx)
		if err != nil {
			return false, err
		}
		set := map[string]bool{}
		for _, c := range cs {
			for _, u := range c.RedirectURIs {
				if o, ok := OriginOf(u); ok && c.SecretDigest == nil {
					set[o] = true
				}
			}
		}
		s.origins.origins, s.origins.readAt = set, now
	}
	return s.origins.origins[o], nil
}

// OriginOf is the web origin of an http(s) URL or Origin header, lower
// case and without a default port.
func OriginOf(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", false
	}
	host := strings.ToLower(u.Host)
	if port := u.Port(); (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		host = strings.ToLower(u.Hostname())
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
	}
	return u.Scheme + "://" + host, true
}
