package oauth

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4/jwt"
)

// cachedServer is a server whose only tokens are those put in its cache:
// what VerifyAccessToken decides for them is the cache's and the
// revocations' doing, never a signature check's.
func cachedServer(clk *clock, max int) *Server {
	return &Server{now: clk.now, cache: newTokenCache(max),
		revoked: &revocations{grants: map[string]time.Time{}, clients: map[string]time.Time{}}}
}

// cacheToken puts a token of grant and client expiring at expiry in s's cache.
func cacheToken(s *Server, token, grant, client string, expiry time.Time) {
	s.cache.put(sha256.Sum256([]byte(token)), AccessClaims{Claims: jwt.Claims{Subject: "client:" + client,
		Expiry: jwt.NewNumericDate(expiry)}, ClientID: client, GrantID: grant})
}

func TestCachedTokenExpiryAndRevocation(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		later  time.Duration // clock moves after the token is cached
		revoke func(r *revocations, now time.Time)
		want   string // "" accepted
	}{
		{name: "fresh", later: time.Minute},
		{name: "a second before expiry", later: time.Hour - time.Second},
		{name: "at expiry", later: time.Hour, want: ErrInvalidToken},
		{name: "after expiry", later: 2 * time.Hour, want: ErrInvalidToken},
		{name: "grant revoked", revoke: func(r *revocations, now time.Time) { r.add(revokedGrant+"g1", now.Add(time.Hour)) },
			want: ErrInvalidToken},
		{name: "client revoked", revoke: func(r *revocations, now time.Time) { r.add(revokedClient+"c1", now.Add(time.Hour)) },
			want: ErrInvalidToken},
		{name: "another grant revoked", revoke: func(r *revocations, now time.Time) { r.add(revokedGrant+"g2", now.Add(time.Hour)) }},
		{name: "revocation past its expiry", later: 2 * time.Minute,
			revoke: func(r *revocations, now time.Time) { r.add(revokedGrant+"g1", now.Add(time.Minute)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &clock{t: start}
			s := cachedServer(clk, 10)
			s.revoked.changed = func(string) {}
			cacheToken(s, "token", "g1", "c1", start.Add(time.Hour))
			if tt.revoke != nil {
				tt.revoke(s.revoked, clk.now())
			}
			clk.add(tt.later)
			_, err := s.VerifyAccessToken(context.Background(), "token")
			if got := errorCode(err); got != tt.want {
				t.Fatalf("verify: %q, want %q", got, tt.want)
			}
		})
	}
}

func errorCode(err *Error) string {
	if err == nil {
		return ""
	}
	return err.Code
}

func TestTokenCacheIsBounded(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		max, put int
		sweepAt  time.Duration // 0: no sweep
		want     int
	}{
		{name: "under the bound", max: 10, put: 5, want: 5},
		{name: "at the bound", max: 5, put: 5, want: 5},
		{name: "over the bound", max: 5, put: 50, want: 5},
		{name: "swept after expiry", max: 10, put: 5, sweepAt: 2 * time.Hour, want: 0},
		{name: "swept before expiry", max: 10, put: 5, sweepAt: time.Minute, want: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &clock{t: start}
			s := cachedServer(clk, tt.max)
			for i := range tt.put {
				cacheToken(s, fmt.Sprint("token-", i), "g", "c", start.Add(time.Hour))
			}
			last := fmt.Sprint("token-", tt.put-1)
			if _, err := s.VerifyAccessToken(context.Background(), last); err != nil {
				t.Fatalf("the token cached last is not answered from the cache: %v", err)
			}
			if tt.sweepAt > 0 {
				s.cache.sweep(start.Add(tt.sweepAt))
			}
			if n := s.cache.len(); n != tt.want {
				t.Fatalf("the cache holds %d tokens, want %d", n, tt.want)
			}
		})
	}
}

// TestTokenDigest checks that the pooled digest is the token's SHA-256,
// for tokens shorter and longer than the pooled buffers, one after the
// other.
func TestTokenDigest(t *testing.T) {
	for _, token := range []string{"", "short", strings.Repeat("t", 600), strings.Repeat("u", 5000), "short again"} {
		if got, want := tokenDigest(token), sha256.Sum256([]byte(token)); got != want {
			t.Errorf("digest of a %d-byte token: %x, want %x", len(token), got, want)
		}
	}
}
