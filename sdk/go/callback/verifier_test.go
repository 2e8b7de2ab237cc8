package callback

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// TestVerify signs callbacks as the server does and checks that only the
// right one for this receiver passes.
func TestVerify(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	jwks := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if err := json.NewEncoder(w).Encode(jwks); err != nil {
			t.Error(err)
		}
	}))
	defer srv.Close()
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"connectionId":7}`)
	secret := []byte("hmac-secret")
	tests := []struct {
		name   string
		typ    string
		claims Claims
		body   []byte
		mac    string
		ok     bool
	}{
		{"valid", JWSType, claims(body, "c1", now), body, macOf(secret, now, body), true},
		{"another receiver", JWSType, claims(body, "c2", now), body, macOf(secret, now, body), false},
		{"an access token's typ", "at+jwt", claims(body, "c1", now), body, macOf(secret, now, body), false},
		{"expired", JWSType, claims(body, "c1", now.Add(-time.Hour)), body, macOf(secret, now, body), false},
		{"another body", JWSType, claims(body, "c1", now), []byte(`{"connectionId":8}`), macOf(secret, now, body), false},
		{"a wrong HMAC", JWSType, claims(body, "c1", now), body, macOf([]byte("other"), now, body), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			h.Set(HeaderSignature, sign(t, key, tt.typ, tt.claims))
			h.Set(HeaderHMAC, tt.mac)
			v := &Verifier{JWKSURL: srv.URL, ClientID: "c1", HMACSecret: secret, Now: func() time.Time { return now }}
			_, err := v.Verify(context.Background(), h, tt.body)
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrInvalid)) {
				t.Fatalf("Verify = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func claims(body []byte, aud string, at time.Time) Claims {
	d := sha256.Sum256(body)
	return Claims{Issuer: "http://bank.test", Audience: aud, IssuedAt: at.Unix(), ExpiresAt: at.Add(5 * time.Minute).Unix(),
		EventID: "e1", Digest: base64.RawURLEncoding.EncodeToString(d[:])}
}

func sign(t *testing.T, key *ecdsa.PrivateKey, typ string, c Claims) string {
	t.Helper()
	opts := (&jose.SignerOptions{}).WithType(jose.ContentType(typ)).WithHeader("kid", "k1")
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	payload, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jws.CompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func macOf(secret []byte, at time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "%d.", at.Unix())
	mac.Write(body)
	return fmt.Sprintf("t=%d,v1=%s", at.Unix(), hex.EncodeToString(mac.Sum(nil)))
}
