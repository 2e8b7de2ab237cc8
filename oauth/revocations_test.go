package oauth

import (
	"context"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

// TestRevocationReachesAnotherServer revokes on one server a token that a
// second server sharing the database has verified and cached: the second
// refuses it within the staleness bound of docs/oauth.md, at once when it
// listens and within one poll when it only polls.
func TestRevocationReachesAnotherServer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		listen bool
		within time.Duration
	}{
		{name: "listening", listen: true, within: time.Second},
		{name: "polling only", within: pollOnly + time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			url := storetest.NewURL(t)
			a := sharedServer(t, url, true)
			b := sharedServer(t, url, tt.listen)
			tok, err := a.sign(issuance{clientID: "c", scope: ScopeDefault, grantID: "g1", products: DefaultProducts})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.VerifyAccessToken(ctx, tok.AccessToken); err != nil {
				t.Fatalf("the second server refuses a fresh token: %v", err)
			}
			if err := a.revokeGrant(ctx, "g1"); err != nil {
				t.Fatal(err)
			}
			if _, err := a.VerifyAccessToken(ctx, tok.AccessToken); err == nil {
				t.Fatal("the revoking server still accepts the token")
			}
			deadline := time.Now().Add(tt.within)
			for _, err := b.VerifyAccessToken(ctx, tok.AccessToken); err == nil; _, err = b.VerifyAccessToken(ctx, tok.AccessToken) {
				if time.Now().After(deadline) {
					t.Fatalf("the second server still accepts the revoked token after %v", tt.within)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// sharedServer is a server over its own pool of the database at url,
// listening for revocations when listen is set.
func sharedServer(t *testing.T, url string, listen bool) *Server {
	t.Helper()
	st, err := store.Open(context.Background(), url, store.PoolOptions{MaxOpen: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	cfg := Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour}
	if listen {
		cfg.DatabaseURL = url
	}
	s, err := New(context.Background(), st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}
