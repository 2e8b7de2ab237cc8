package dpop

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/go-jose/go-jose/v4"
)

// signWith signs claims as a proof with key under alg, its public half (or
// headerKey when set) in the header, and extra header members.
func signWith(t *testing.T, alg jose.SignatureAlgorithm, key, pub any, extra map[jose.HeaderKey]any) string {
	t.Helper()
	opts := (&jose.SignerOptions{}).WithType("dpop+jwt").WithHeader("jwk", jose.JSONWebKey{Key: pub})
	for k, v := range extra {
		opts = opts.WithHeader(k, v)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(validSpec(newKey(t)).claims)
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

// Each key type a proof may carry verifies with its algorithm, its
// thumbprint is go-jose's RFC 7638 one, and a second proof under the same
// header (from the key cache) verifies too, while one whose signature is
// spoiled does not.
func TestVerifyKeyTypes(t *testing.T) {
	ec := newKey(t)
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	edPub, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	check := Check{Method: "GET", URL: "https://bank.example/gateway/v1.1.0/showcases", AccessToken: "tok", Now: now}
	tests := []struct {
		alg      jose.SignatureAlgorithm
		key, pub any
	}{
		{jose.ES256, ec, &ec.PublicKey},
		{jose.PS256, rsaKey, &rsaKey.PublicKey},
		{jose.EdDSA, edKey, edPub},
	}
	for _, tt := range tests {
		t.Run(string(tt.alg), func(t *testing.T) {
			want, err := Thumbprint(jose.JSONWebKey{Key: tt.pub})
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				p, err := Verify(signWith(t, tt.alg, tt.key, tt.pub, nil), check)
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				if p.JKT != want || p.Alg != string(tt.alg) {
					t.Fatalf("jkt %q alg %q, want %q %q", p.JKT, p.Alg, want, tt.alg)
				}
			}
			proof := signWith(t, tt.alg, tt.key, tt.pub, nil)
			i := strings.LastIndexByte(proof, '.')
			sig, _ := base64.RawURLEncoding.DecodeString(proof[i+1:])
			sig[0] ^= 1
			if _, err := Verify(proof[:i+1]+base64.RawURLEncoding.EncodeToString(sig), check); err == nil ||
				!strings.Contains(err.Error(), "signature") {
				t.Fatalf("a spoiled signature under a cached header: %v", err)
			}
		})
	}
}

// Headers that must be refused whatever the signature: an alg that does
// not fit the key, a critical member, a small RSA key.
func TestVerifyRefusesHeaders(t *testing.T) {
	ec := newKey(t)
	small, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	check := Check{Method: "GET", URL: "https://bank.example/gateway/v1.1.0/showcases", AccessToken: "tok", Now: now}
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	ecJWK, _ := json.Marshal(jose.JSONWebKey{Key: &ec.PublicKey})
	tests := []struct {
		name, proof, reason string
	}{
		{"crit", signWith(t, jose.ES256, ec, &ec.PublicKey, map[jose.HeaderKey]any{"crit": []string{"exp"}, "exp": 1}), "JWS"},
		{"RSA key under 2048 bits", signWith(t, jose.PS256, small, &small.PublicKey, nil), "alg"},
		{"EdDSA header with a P-256 key", enc(`{"alg":"EdDSA","typ":"dpop+jwt","jwk":`+string(ecJWK)+`}`) + "." +
			enc(`{}`) + "." + base64.RawURLEncoding.EncodeToString(ed25519.Sign(edKey, []byte("x"))), "alg"},
		{"no jwk", enc(`{"alg":"ES256","typ":"dpop+jwt"}`) + ".e30.AAAA", "jwk"},
		{"four segments", signWith(t, jose.ES256, ec, &ec.PublicKey, nil) + ".x", "JWS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Verify(tt.proof, check); err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Fatalf("Verify = %v, want an error about %q", err, tt.reason)
			}
		})
	}
}
