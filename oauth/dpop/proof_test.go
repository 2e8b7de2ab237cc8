package dpop

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// proofSpec builds a proof; each field can be spoiled by a test case.
type proofSpec struct {
	signer    *ecdsa.PrivateKey // signs the proof
	headerKey any               // the jwk put in the header
	typ       string
	claims    map[string]any
}

func newKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func (p proofSpec) sign(t testing.TB) string {
	t.Helper()
	opts := (&jose.SignerOptions{}).WithType(jose.ContentType(p.typ)).WithHeader("jwk", jose.JSONWebKey{Key: p.headerKey})
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: p.signer}, opts)
	if err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(p.claims)
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

var now = time.Unix(1_800_000_000, 0)

func validSpec(key *ecdsa.PrivateKey) proofSpec {
	return proofSpec{signer: key, headerKey: &key.PublicKey, typ: "dpop+jwt", claims: map[string]any{
		"jti": "j1", "htm": "GET", "htu": "https://bank.example/gateway/v1.1.0/showcases", "iat": now.Unix(),
		"ath": TokenHash("tok"),
	}}
}

func TestVerify(t *testing.T) {
	key, other := newKey(t), newKey(t)
	check := Check{Method: "GET", URL: "https://bank.example/gateway/v1.1.0/showcases?limit=5", AccessToken: "tok", Now: now}
	tests := []struct {
		name   string
		spoil  func(*proofSpec)
		check  func(*Check)
		reason string // "" when the proof is good
	}{
		{name: "valid", spoil: func(*proofSpec) {}},
		{name: "htu with default port and upper-case host", spoil: func(p *proofSpec) {
			p.claims["htu"] = "HTTPS://Bank.Example:443/gateway/v1.1.0/showcases"
		}},
		{name: "wrong htu", spoil: func(p *proofSpec) { p.claims["htu"] = "https://bank.example/gateway/v1.1.0/consents" },
			reason: "htu"},
		{name: "htu on another host", spoil: func(p *proofSpec) { p.claims["htu"] = "https://evil.example/gateway/v1.1.0/showcases" },
			reason: "htu"},
		{name: "wrong htm", spoil: func(p *proofSpec) { p.claims["htm"] = "POST" }, reason: "htm"},
		{name: "stale iat", spoil: func(p *proofSpec) { p.claims["iat"] = now.Add(-MaxAge - time.Second).Unix() },
			reason: "too old"},
		{name: "iat in the future", spoil: func(p *proofSpec) { p.claims["iat"] = now.Add(time.Minute).Unix() },
			reason: "future"},
		{name: "signed by another key", spoil: func(p *proofSpec) { p.signer = other }, reason: "signature"},
		{name: "wrong typ", spoil: func(p *proofSpec) { p.typ = "JWT" }, reason: "typ"},
		{name: "private key in the header", spoil: func(p *proofSpec) { p.headerKey = key }, reason: "public key"},
		{name: "no jti", spoil: func(p *proofSpec) { delete(p.claims, "jti") }, reason: "jti"},
		{name: "no iat", spoil: func(p *proofSpec) { delete(p.claims, "iat") }, reason: "iat"},
		{name: "ath of another token", spoil: func(p *proofSpec) { p.claims["ath"] = TokenHash("other") }, reason: "ath"},
		{name: "ath where no token is", spoil: func(*proofSpec) {}, check: func(c *Check) { c.AccessToken = "" },
			reason: "ath"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec, c := validSpec(key), check
			tt.spoil(&spec)
			if tt.check != nil {
				tt.check(&c)
			}
			got, err := Verify(spec.sign(t), c)
			if tt.reason == "" {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				if got.JTI != "j1" || got.JKT == "" {
					t.Fatalf("proof = %+v", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Fatalf("Verify = %v, want an error about %q", err, tt.reason)
			}
		})
	}
}

// A proof with alg none, or with an HMAC, is refused before anything else.
func TestVerifyRefusesUnsignedAndSymmetric(t *testing.T) {
	header := `{"typ":"dpop+jwt","alg":"none"}`
	payload := `{"jti":"a","htm":"GET","htu":"https://bank.example/","iat":1800000000}`
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, proof := range []string{enc(header) + "." + enc(payload) + ".", "a.b.c", ""} {
		if _, err := Verify(proof, Check{Method: "GET", URL: "https://bank.example/", Now: now}); err == nil {
			t.Errorf("Verify(%q) accepted", proof)
		}
	}
}

func TestThumbprintIsTheKeys(t *testing.T) {
	key := newKey(t)
	spec := validSpec(key)
	got, err := Verify(spec.sign(t), Check{Method: "GET", URL: "https://bank.example/gateway/v1.1.0/showcases",
		AccessToken: "tok", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Thumbprint(jose.JSONWebKey{Key: &key.PublicKey})
	if err != nil || got.JKT != want {
		t.Fatalf("jkt %q, want %q (%v)", got.JKT, want, err)
	}
}

func TestSameURL(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"https://a.example/x", "https://a.example/x?q=1#f", true},
		{"https://a.example", "https://a.example/", true},
		{"http://a.example:80/x", "http://a.example/x", true},
		{"https://a.example/%7Ex", "https://a.example/~x", true},
		{"https://a.example:8443/x", "https://a.example/x", false},
		{"http://a.example/x", "https://a.example/x", false},
		{"https://a.example/x/", "https://a.example/x", false},
		{"ftp://a.example/x", "ftp://a.example/x", false},
		{"/x", "/x", false},
	}
	for _, tt := range tests {
		if got := SameURL(tt.a, tt.b); got != tt.same {
			t.Errorf("SameURL(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}
