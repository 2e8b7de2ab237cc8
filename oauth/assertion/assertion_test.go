package assertion

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

const issuer = "https://bank.example"

var now = time.Unix(1_800_000_000, 0)

func newKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// sign makes an assertion with key under kid, of claims.
func sign(t testing.TB, key *ecdsa.PrivateKey, kid string, claims map[string]any) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: jose.JSONWebKey{Key: key, KeyID: kid}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func goodClaims() map[string]any {
	return map[string]any{"iss": "c1", "sub": "c1", "aud": issuer, "jti": "j1", "iat": now.Unix(),
		"exp": now.Add(time.Minute).Unix()}
}

func TestVerify(t *testing.T) {
	key, other := newKey(t), newKey(t)
	keys := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}}
	check := Check{ClientID: "c1", Audience: issuer, Now: now}
	tests := []struct {
		name   string
		key    *ecdsa.PrivateKey
		kid    string
		spoil  func(map[string]any)
		reason string
	}{
		{name: "valid", key: key, kid: "k1", spoil: func(map[string]any) {}},
		{name: "valid without kid", key: key, spoil: func(map[string]any) {}},
		{name: "wrong aud", key: key, kid: "k1", spoil: func(c map[string]any) { c["aud"] = "https://other.example" }, reason: "aud"},
		{name: "token endpoint as aud", key: key, kid: "k1", spoil: func(c map[string]any) { c["aud"] = issuer + "/oauth2/token" },
			reason: "aud"},
		{name: "aud as an array", key: key, kid: "k1", spoil: func(c map[string]any) { c["aud"] = []string{issuer} }, reason: "aud"},
		{name: "another client", key: key, kid: "k1", spoil: func(c map[string]any) { c["iss"], c["sub"] = "c2", "c2" },
			reason: "iss"},
		{name: "sub not iss", key: key, kid: "k1", spoil: func(c map[string]any) { c["sub"] = "c2" }, reason: "iss"},
		{name: "expired", key: key, kid: "k1", spoil: func(c map[string]any) { c["exp"] = now.Add(-time.Second).Unix() },
			reason: "expired"},
		{name: "no exp", key: key, kid: "k1", spoil: func(c map[string]any) { delete(c, "exp") }, reason: "exp"},
		{name: "exp too far", key: key, kid: "k1", spoil: func(c map[string]any) { c["exp"] = now.Add(time.Hour).Unix() },
			reason: "exp"},
		{name: "iat in the future", key: key, kid: "k1", spoil: func(c map[string]any) { c["iat"] = now.Add(time.Minute).Unix() },
			reason: "iat"},
		{name: "no jti", key: key, kid: "k1", spoil: func(c map[string]any) { delete(c, "jti") }, reason: "jti"},
		{name: "signed by another key", key: other, kid: "k1", spoil: func(map[string]any) {}, reason: "signature"},
		{name: "unknown kid", key: other, kid: "k9", spoil: func(map[string]any) {}, reason: "kid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := goodClaims()
			tt.spoil(c)
			got, err := Verify(sign(t, tt.key, tt.kid, c), keys, check)
			if tt.reason == "" {
				if err != nil || got.JTI != "j1" {
					t.Fatalf("Verify = %+v, %v", got, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Fatalf("Verify = %v, want an error about %q", err, tt.reason)
			}
		})
	}
}

func TestClientIDNeedsIssEqualToSub(t *testing.T) {
	key := newKey(t)
	if id, err := ClientID(sign(t, key, "", goodClaims())); err != nil || id != "c1" {
		t.Fatalf("ClientID = %q, %v", id, err)
	}
	c := goodClaims()
	c["sub"] = "c2"
	if _, err := ClientID(sign(t, key, "", c)); err == nil {
		t.Fatal("ClientID accepted iss != sub")
	}
	for _, raw := range []string{"", "a.b.c", "eyJhbGciOiJub25lIn0.eyJpc3MiOiJjMSIsInN1YiI6ImMxIn0."} {
		if _, err := ClientID(raw); err == nil {
			t.Errorf("ClientID(%q) accepted", raw)
		}
	}
}
