package oauth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// How a client's jwks_uri is read: kept for jwksTTL, read again when an
// assertion names a kid the keys lack (then not again for that reason
// within jwksRefetchGap),
// within jwksTimeout and jwksMaxBytes.
const (
	jwksTTL        = 5 * time.Minute
	jwksRefetchGap = 10 * time.Second
	jwksTimeout    = 5 * time.Second
	jwksMaxBytes   = 64 << 10
)

// jwksCache keeps the key sets fetched from clients' jwks_uri.
type jwksCache struct {
	mu      sync.Mutex
	entries map[string]jwksEntry // by URI
}

type jwksEntry struct {
	set         jose.JSONWebKeySet
	fetchedAt   time.Time
	refreshedAt time.Time // the last fetch for an unknown kid
}

func newJWKSCache() *jwksCache { return &jwksCache{entries: map[string]jwksEntry{}} }

func (jc *jwksCache) get(uri string) (jwksEntry, bool) {
	jc.mu.Lock()
	defer jc.mu.Unlock()
	e, ok := jc.entries[uri]
	return e, ok
}

func (jc *jwksCache) put(uri string, e jwksEntry) {
	jc.mu.Lock()
	defer jc.mu.Unlock()
	if len(jc.entries) >= 10_000 {
		clear(jc.entries)
	}
	jc.entries[uri] = e
}

// assertionKeys returns a client's public keys: those registered with it,
// or those of its jwks_uri, fetched through the egress policy, reused for
// jwksTTL and fetched again early when refresh asks (an unknown kid) and
// the last fetch is not too recent.
func (s *Server) assertionKeys(ctx context.Context, c Client, refresh bool) (jose.JSONWebKeySet, error) {
	if c.Security.JWKS != "" {
		return ParseClientKeys([]byte(c.Security.JWKS))
	}
	uri, now := c.Security.JWKSURI, s.now()
	if uri == "" {
		return jose.JSONWebKeySet{}, errors.New("the client has no keys")
	}
	e, ok := s.jwks.get(uri)
	refresh = refresh && now.Sub(e.refreshedAt) >= jwksRefetchGap
	if ok && now.Sub(e.fetchedAt) < jwksTTL && !refresh {
		return e.set, nil
	}
	set, err := s.fetchJWKS(ctx, uri)
	if err != nil {
		if ok { // keep using what was read before
			return e.set, nil
		}
		return set, err
	}
	fetched := jwksEntry{set: set, fetchedAt: now, refreshedAt: e.refreshedAt}
	if refresh {
		fetched.refreshedAt = now
	}
	s.jwks.put(uri, fetched)
	return set, nil
}

// fetchJWKS reads a key set from uri through the egress policy.
func (s *Server) fetchJWKS(ctx context.Context, uri string) (jose.JSONWebKeySet, error) {
	if _, err := s.cfg.Egress.CheckURL(uri); err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("oauth: jwks_uri: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, jwksTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, uri, nil)
	if err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("oauth: jwks_uri: %w", err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("oauth: fetch jwks_uri: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return jose.JSONWebKeySet{}, fmt.Errorf("oauth: jwks_uri answered %d", resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, jwksMaxBytes+1))
	if err != nil || len(body) > jwksMaxBytes {
		return jose.JSONWebKeySet{}, errors.New("oauth: jwks_uri: the key set is unreadable or too large")
	}
	return ParseClientKeys(body)
}
