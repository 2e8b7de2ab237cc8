package oauth

import (
	"context"
	"errors"
	"testing"
	"time"

	"openbank/sealing"
	"openbank/store/storetest"
)

func TestKeySetOpensSealedKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewStore(t)
	sealedWith := mustKeyring(t)
	db.SealWith(sealedWith)
	cfg := Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour, Clock: time.Now}
	first, err := New(ctx, db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	tok, err := first.sign(issuance{clientID: "c", scope: ScopeDefault, grantID: "g1", products: DefaultProducts})
	if err != nil {
		t.Fatal(err)
	}
	second, err := New(ctx, db, cfg) // another instance loads the sealed key
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if _, err := second.VerifyAccessToken(ctx, tok.AccessToken); err != nil {
		t.Fatalf("a token signed with the sealed key does not verify on another instance: %v", err)
	}

	db.SealWith(mustKeyring(t)) // the key that sealed them is gone
	_, err = NewKeySet(ctx, db, time.Now, time.Hour)
	var missing *sealing.MissingKeyError
	if !errors.As(err, &missing) || missing.ID != sealedWith.Newest() {
		t.Fatalf("loading keys without their SECRETS_KEY = %v, want a MissingKeyError naming %s", err, sealedWith.Newest())
	}
}

func mustKeyring(t *testing.T) *sealing.Keyring {
	t.Helper()
	s, err := sealing.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	k, err := sealing.ParseKeyring(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
