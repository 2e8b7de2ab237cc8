package sealing

import (
	"bytes"
	"errors"
	"testing"
)

func TestSealOpensWithEveryKeyOfTheKeyring(t *testing.T) {
	older, newer := mustGenerate(t), mustGenerate(t)
	before, _ := ParseKeyring(older)
	after, _ := ParseKeyring(newer + "," + older)
	plain, ad := []byte("signing key DER"), []byte("oauth_keys/k1")
	oldSealed, err := before.Seal(plain, ad)
	if err != nil {
		t.Fatal(err)
	}
	newSealed, err := after.Seal(plain, ad)
	if err != nil {
		t.Fatal(err)
	}
	for name, tt := range map[string]struct {
		v   []byte
		key string
	}{"old value": {oldSealed, before.Newest()}, "new value": {newSealed, after.Newest()}} {
		got, err := after.Open(tt.v, ad)
		if err != nil || !bytes.Equal(got, plain) {
			t.Fatalf("%s: Open = %q, %v", name, got, err)
		}
		if id, _ := KeyID(tt.v); id != tt.key {
			t.Fatalf("%s: sealed with key id %s, want %s", name, id, tt.key)
		}
	}
	if bytes.Contains(newSealed, plain) {
		t.Fatal("the sealed value holds the plaintext")
	}
}

func TestSealUsesAFreshNonce(t *testing.T) {
	k, _ := ParseKeyring(mustGenerate(t))
	a, _ := k.Seal([]byte("same"), nil)
	b, _ := k.Seal([]byte("same"), nil)
	if bytes.Equal(a, b) {
		t.Fatal("two seals of one value are equal")
	}
}

func TestOpenRefuses(t *testing.T) {
	k, _ := ParseKeyring(mustGenerate(t))
	other, _ := ParseKeyring(mustGenerate(t))
	sealed, err := k.Seal([]byte("hmac secret"), []byte("oauth_clients/a"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(sealed)
	flipped[len(flipped)-1] ^= 1
	tests := []struct {
		name string
		v    []byte
		ad   string
	}{
		{"another row", sealed, "oauth_clients/b"},
		{"changed", flipped, "oauth_clients/a"},
		{"plain", []byte("hmac secret, long enough to pass a header"), "oauth_clients/a"},
		{"truncated", sealed[:headerSize], "oauth_clients/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := k.Open(tt.v, []byte(tt.ad)); !errors.Is(err, ErrNotOpened) {
				t.Fatalf("Open = %v, want ErrNotOpened", err)
			}
		})
	}
	_, err = other.Open(sealed, []byte("oauth_clients/a"))
	var missing *MissingKeyError
	if !errors.As(err, &missing) || missing.ID != k.Newest() || missing.Have[0] != other.Newest() {
		t.Fatalf("Open with another keyring = %v, want a MissingKeyError naming %s", err, k.Newest())
	}
}
