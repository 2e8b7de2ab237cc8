package web

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"openbank/oauth"
	"openbank/store"
)

// clientAssertion signs a private_key_jwt assertion of clientID for aud.
func clientAssertion(t testing.TB, key *ecdsa.PrivateKey, kid, clientID, aud string) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: jose.JSONWebKey{Key: key, KeyID: kid}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	raw, err := jwt.Signed(signer).Claims(map[string]any{"iss": clientID, "sub": clientID, "aud": aud,
		"jti": oauth.NewSecret(12), "iat": now.Unix(), "exp": now.Add(time.Minute).Unix()}).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// publicSet is the JWK Set of the public halves of keys, by kid.
func publicSet(t testing.TB, keys map[string]*ecdsa.PrivateKey) string {
	t.Helper()
	var set jose.JSONWebKeySet
	for kid, k := range keys {
		set.Keys = append(set.Keys, jose.JSONWebKey{Key: &k.PublicKey, KeyID: kid, Algorithm: "ES256", Use: "sig"})
	}
	b, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withAssertion posts form to path authenticated by a client assertion.
func (in *instance) withAssertion(t testing.TB, path, raw string, form url.Values) (int, map[string]any) {
	t.Helper()
	form = maps.Clone(form)
	form.Set("client_assertion_type", oauth.ClientAssertionType)
	form.Set("client_assertion", raw)
	status, body, _ := in.tokenCall(t, path, registered{}, form)
	return status, body
}

// A private_key_jwt client authenticates with an assertion for the issuer,
// once per jti, and never with its secret.
func TestPrivateKeyJWT(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	key := newHolder(t).key
	set := publicSet(t, map[string]*ecdsa.PrivateKey{"k1": key})
	// Two clients, so that the refusals below stay under the throttle of
	// one (client, address) pair.
	var clients []registered
	for range 2 {
		cl := in.client(t, oauth.ClientSpec{})
		err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id,
			AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: set})
		if err != nil {
			t.Fatal(err)
		}
		clients = append(clients, cl)
	}
	cl := clients[0]
	cc := url.Values{"grant_type": {"client_credentials"}}
	if status, body, _ := in.tokenCall(t, "/oauth2/token", cl, cc); status != http.StatusUnauthorized {
		t.Errorf("client secret of a private_key_jwt client: %d %v", status, body)
	}
	good := clientAssertion(t, key, "k1", cl.id, in.base)
	if status, body := in.withAssertion(t, "/oauth2/token", good, cc); status != http.StatusOK {
		t.Fatalf("assertion: %d %v", status, body)
	}
	other := newHolder(t).key
	id2 := clients[1].id
	for _, tt := range []struct{ name, raw string }{
		{"reused jti", good},
		{"wrong aud", clientAssertion(t, key, "k1", cl.id, "https://elsewhere.example")},
		{"token endpoint as aud", clientAssertion(t, key, "k1", cl.id, in.base+"/oauth2/token")},
		{"signed by another key", clientAssertion(t, other, "k1", id2, in.base)},
		{"unknown kid", clientAssertion(t, other, "k2", id2, in.base)},
		{"for an unknown client", clientAssertion(t, key, "k1", "someone-else", in.base)},
	} {
		status, body := in.withAssertion(t, "/oauth2/token", tt.raw, cc)
		if status != http.StatusUnauthorized || body["error"] != "invalid_client" {
			t.Errorf("%s: %d %v", tt.name, status, body)
		}
	}
}

// Keys behind a jwks_uri are fetched, kept, and fetched again when an
// assertion names a kid they lack.
func TestPrivateKeyJWTFromJWKSURI(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	first, second := newHolder(t).key, newHolder(t).key
	var mu sync.Mutex
	keys, fetches := map[string]*ecdsa.PrivateKey{"k1": first}, 0
	jwks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		fetches++
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write([]byte(publicSet(t, keys)))
	}))
	t.Cleanup(jwks.Close)
	err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id,
		AuthMethod: oauth.AuthPrivateKeyJWT, JWKSURI: jwks.URL + "/jwks.json"})
	if err != nil {
		t.Fatal(err)
	}
	cc := url.Values{"grant_type": {"client_credentials"}}
	for range 2 {
		if status, body := in.withAssertion(t, "/oauth2/token", clientAssertion(t, first, "k1", cl.id, in.base), cc); status != http.StatusOK {
			t.Fatalf("first key: %d %v", status, body)
		}
	}
	mu.Lock()
	keys["k2"] = second
	mu.Unlock()
	if status, body := in.withAssertion(t, "/oauth2/token", clientAssertion(t, second, "k2", cl.id, in.base), cc); status != http.StatusOK {
		t.Fatalf("rotated key: %d %v", status, body)
	}
	mu.Lock()
	defer mu.Unlock()
	if fetches != 2 {
		t.Errorf("jwks_uri fetched %d times, want 2 (once, then for the unknown kid)", fetches)
	}
}

func TestValidateSecurityRefusesPrivateKeys(t *testing.T) {
	key := newHolder(t).key
	set, _ := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: key, KeyID: "k1"}}})
	err := oauth.ValidateSecurity(store.Client{}, store.ClientSecurity{AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: string(set)})
	if err == nil || !strings.Contains(err.Error(), "public") {
		t.Fatalf("ValidateSecurity = %v", err)
	}
}
