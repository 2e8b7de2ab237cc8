package store_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"errors"
	"strings"
	"testing"
	"time"

	"openbank/sealing"
	"openbank/store"
	"openbank/store/storetest"
)

// secrets is one of each kind of sealed secret and a pool that reads the
// rows as they are stored.
type secrets struct {
	raw     *storetest.DB
	st      *store.Store
	der     []byte
	session []byte
	hmac    []byte
}

// newSecrets stores a signing key, a setting and a client's HMAC secret
// through a store sealing with keys (nil: a store without a keyring).
func newSecrets(t *testing.T, keys *sealing.Keyring) *secrets {
	t.Helper()
	ctx := context.Background()
	url := storetest.NewURL(t)
	st, err := store.Open(ctx, url, store.PoolOptions{MaxOpen: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if keys != nil {
		st.SealWith(keys)
	}
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s := &secrets{raw: storetest.OpenDB(t, url, 2), st: st, hmac: []byte("callback-hmac-secret-0123456789")}
	if s.der, err = x509.MarshalPKCS8PrivateKey(priv); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddSigningKey(ctx, store.SigningKey{Kid: "k1", Algorithm: "ES256", PrivateKey: s.der, ActiveFrom: time.Now()}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if s.session, err = st.Setting(ctx, "session_key", func() ([]byte, error) { return bytes.Repeat([]byte{7}, 64), nil }); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"client-a", "client-b"} {
		if err := st.CreateClient(ctx, store.Client{ClientID: id, Name: id, CallbackHMAC: s.hmac}); err != nil {
			t.Fatal(err)
		}
	}
	err = st.SetCallbackSecurity(ctx, store.CallbackSecurity{ClientID: "client-a", TokenURL: "https://client-a.example/token",
		TokenClientID: "openbank", TokenSecret: tokenSecret})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tokenSecret is the secret of a client's callback token endpoint.
var tokenSecret = []byte("token-endpoint-secret-0123456789")

// stored returns the raw values of the secret columns.
func (s *secrets) stored(t *testing.T) map[string][]byte {
	t.Helper()
	got := map[string][]byte{}
	for name, q := range map[string]string{
		"signing key":   `SELECT private_key FROM oauth_keys WHERE kid = 'k1'`,
		"session key":   `SELECT value FROM settings WHERE name = 'session_key'`,
		"client a hmac": `SELECT callback_hmac_secret FROM oauth_clients WHERE client_id = 'client-a'`,
		"client b hmac": `SELECT callback_hmac_secret FROM oauth_clients WHERE client_id = 'client-b'`,
		"token secret":  `SELECT token_secret FROM callback_security WHERE client_id = 'client-a'`,
	} {
		var v []byte
		if err := s.raw.Get(&v, q); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = v
	}
	return got
}

// assertSealed fails unless every stored secret is sealed with key id and
// holds none of the plaintexts.
func (s *secrets) assertSealed(t *testing.T, id string) {
	t.Helper()
	for name, v := range s.stored(t) {
		got, err := sealing.KeyID(v)
		if err != nil || got != id {
			t.Fatalf("%s is stored with key id %q (%v), want %s", name, got, err, id)
		}
		for _, plain := range [][]byte{s.der, s.session, s.hmac, tokenSecret, {0x30, 0x81, 0x87}} {
			if bytes.Contains(v, plain) {
				t.Fatalf("%s holds plaintext %x", name, plain[:3])
			}
		}
	}
}

// assertReads fails unless the store reads every secret back as written.
func (s *secrets) assertReads(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	keys, err := s.st.ListSigningKeys(ctx)
	if err != nil || len(keys) != 1 || !bytes.Equal(keys[0].PrivateKey, s.der) {
		t.Fatalf("ListSigningKeys = %v, %v", keys, err)
	}
	session, err := s.st.Setting(ctx, "session_key", func() ([]byte, error) { return nil, errors.New("generated again") })
	if err != nil || !bytes.Equal(session, s.session) {
		t.Fatalf("Setting = %x, %v", session, err)
	}
	c, err := s.st.GetClient(ctx, "client-a")
	if err != nil || !bytes.Equal(c.CallbackHMAC, s.hmac) {
		t.Fatalf("GetClient: HMAC secret %q, %v", c.CallbackHMAC, err)
	}
	sec, err := s.st.CallbackSecurity(ctx, "client-a")
	if err != nil || !bytes.Equal(sec.TokenSecret, tokenSecret) || !sec.OAuth() {
		t.Fatalf("CallbackSecurity = %+v, %v", sec, err)
	}
	cs, err := s.st.ListClients(ctx)
	if err != nil || len(cs) != 2 || !bytes.Equal(cs[1].CallbackHMAC, s.hmac) {
		t.Fatalf("ListClients = %v, %v", cs, err)
	}
}

func keyring(t *testing.T, keys ...string) *sealing.Keyring {
	t.Helper()
	k, err := sealing.ParseKeyring(strings.Join(keys, ","))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func newKey(t *testing.T) string {
	t.Helper()
	k, err := sealing.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
