package oauth

import (
	"context"
	"sync"
	"testing"
	"time"

	"openbank/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// clock is a movable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func TestKeyRotationKeepsOldTokensValid(t *testing.T) {
	t.Parallel()
	db := storetest.NewStore(t)
	clk := &clock{t: time.Now()}
	ctx := context.Background()
	s, err := New(ctx, db, Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour, Clock: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old, _ := s.sign(issuance{clientID: "c", scope: ScopeDefault, grantID: "g1", products: DefaultProducts})
	clk.add(time.Second)
	kid, err := s.keys.Rotate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.keys.Public().Keys); n != 2 {
		t.Fatalf("after a rotation %d keys are published, want 2", n)
	}
	fresh, _ := s.sign(issuance{clientID: "c", scope: ScopeDefault, grantID: "g2", products: DefaultProducts})
	for name, tok := range map[string]string{"old": old.AccessToken, "fresh": fresh.AccessToken} {
		if _, err := s.VerifyAccessToken(ctx, tok); err != nil {
			t.Fatalf("%s token after rotation: %v", name, err)
		}
	}
	if k, _ := s.keys.active(); k.kid != kid {
		t.Fatalf("active key %s, want the new %s", k.kid, kid)
	}
	clk.add(2 * time.Hour)
	if n := len(s.keys.Public().Keys); n != 1 {
		t.Fatalf("once every old token expired %d keys are published, want 1", n)
	}
}

func TestScheduledRotationPublishesAhead(t *testing.T) {
	t.Parallel()
	db := storetest.NewStore(t)
	clk := &clock{t: time.Now()}
	ctx := context.Background()
	ks, err := NewKeySet(ctx, db, clk.now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := ks.active()
	clk.add(30*24*time.Hour - 30*time.Minute)
	for range 2 { // a second instance finds the key already added
		if err := ks.rotateOnSchedule(ctx, 30*24*time.Hour, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(ks.Public().Keys); n != 2 {
		t.Fatalf("the next key is not published ahead: %d keys", n)
	}
	if k, _ := ks.active(); k.kid != first.kid {
		t.Fatal("the next key signs before its time")
	}
	clk.add(time.Hour)
	if k, _ := ks.active(); k.kid == first.kid {
		t.Fatal("the next key does not sign after its time")
	}
}
