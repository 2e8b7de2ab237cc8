package web

import (
	"bytes"
	"strings"
	"testing"

	"openbank/sealing"
	"openbank/store/storetest"
)

// pkcs8ECKey is how a PKCS #8 P-256 key starts: the sequence, version 0 and
// the id-ecPublicKey algorithm.
var pkcs8ECKey = []byte{0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}

func TestStartupLeavesNoPlaintextSecrets(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	writePlainSecrets(t, url)
	key := generateKey(t)
	if err := startWithKey(t, url, key); err != nil {
		t.Fatal(err)
	}
	keys, err := sealing.ParseKeyring(key)
	if err != nil {
		t.Fatal(err)
	}
	raw := storetest.OpenDB(t, url, 2)
	var values [][]byte
	if err := raw.Select(&values, `SELECT private_key FROM oauth_keys UNION ALL SELECT value FROM settings
		UNION ALL SELECT callback_hmac_secret FROM oauth_clients WHERE callback_hmac_secret IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	if len(values) < 3 {
		t.Fatalf("%d secrets stored, want a signing key, the session key and the HMAC secret", len(values))
	}
	for _, v := range values {
		if id, err := sealing.KeyID(v); err != nil || id != keys.Newest() {
			t.Fatalf("a stored secret is not sealed with %s: %x…", keys.Newest(), v[:min(len(v), 8)])
		}
		if bytes.HasPrefix(v, []byte{0x30, 0x82}) || bytes.Contains(v, pkcs8ECKey[6:]) || bytes.Contains(v, hmacSecret) {
			t.Fatalf("a stored secret holds key material in plain: %x…", v[:min(len(v), 8)])
		}
	}
}

func TestStartupWithoutTheKeyNamesIt(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	key := generateKey(t)
	if err := startWithKey(t, url, key); err != nil {
		t.Fatal(err)
	}
	keys, err := sealing.ParseKeyring(key)
	if err != nil {
		t.Fatal(err)
	}
	err = startWithKey(t, url, generateKey(t))
	if err == nil || !strings.Contains(err.Error(), "key id "+keys.Newest()) || !strings.Contains(err.Error(), "SECRETS_KEY") {
		t.Fatalf("start with another key = %v, want an error naming key id %s", err, keys.Newest())
	}
	if err := startWithKey(t, url, generateKey(t)+","+key); err != nil {
		t.Fatalf("start with a newer key and the old one: %v", err)
	}
}
