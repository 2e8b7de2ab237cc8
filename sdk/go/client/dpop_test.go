package client

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// fapiServer is a token endpoint and an API that check what a FAPI 2.0
// client sends: a client assertion signed by the client's key for the
// issuer, a DPoP proof with the server's nonce at the token endpoint, and
// at the API the DPoP scheme with a proof of the same key and its ath.
type fapiServer struct {
	clientKey *ecdsa.PublicKey
	issuer    string
	mu        sync.Mutex
	jkt       string
	jtis      map[string]bool
	calls     int
}

// proof verifies a DPoP proof and returns its claims and key thumbprint.
func (s *fapiServer) proof(r *http.Request) (map[string]any, string, error) {
	jws, err := jose.ParseSignedCompact(r.Header.Get("DPoP"), []jose.SignatureAlgorithm{jose.ES256})
	if err != nil {
		return nil, "", err
	}
	h := jws.Signatures[0].Protected
	if h.ExtraHeaders["typ"] != "dpop+jwt" || h.JSONWebKey == nil || !h.JSONWebKey.IsPublic() {
		return nil, "", fmt.Errorf("header %+v", h)
	}
	payload, err := jws.Verify(h.JSONWebKey)
	if err != nil {
		return nil, "", err
	}
	var claims map[string]any
	json.Unmarshal(payload, &claims)
	tp, _ := h.JSONWebKey.Thumbprint(crypto256)
	s.mu.Lock()
	defer s.mu.Unlock()
	jti, _ := claims["jti"].(string)
	if s.jtis[jti] {
		return nil, "", fmt.Errorf("replayed jti")
	}
	s.jtis[jti] = true
	if claims["htm"] != r.Method || claims["htu"] != s.issuer+r.URL.Path {
		return nil, "", fmt.Errorf("htm/htu %v %v", claims["htm"], claims["htu"])
	}
	return claims, base64.RawURLEncoding.EncodeToString(tp), nil
}

func (s *fapiServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	claims, jkt, err := s.proof(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	switch r.URL.Path {
	case "/oauth2/token":
		if claims["nonce"] != "n-1" {
			w.Header().Set("DPoP-Nonce", "n-1")
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"error":"use_dpop_nonce"}`))
			return
		}
		if err := s.assertion(r); err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		s.mu.Lock()
		s.jkt = jkt
		s.mu.Unlock()
		w.Write([]byte(`{"access_token":"tok-1","token_type":"DPoP","expires_in":3600}`))
	case "/api":
		d := sha256.Sum256([]byte("tok-1"))
		s.mu.Lock()
		ok := r.Header.Get("Authorization") == "DPoP tok-1" && jkt == s.jkt && claims["ath"] == base64.RawURLEncoding.EncodeToString(d[:])
		s.calls++
		s.mu.Unlock()
		if !ok {
			http.Error(w, "not bound", http.StatusUnauthorized)
			return
		}
		w.Write([]byte(`{}`))
	}
}

func (s *fapiServer) assertion(r *http.Request) error {
	r.ParseForm()
	if r.PostForm.Get("client_assertion_type") != ClientAssertionType || r.PostForm.Get("client_secret") != "" {
		return fmt.Errorf("form %v", r.PostForm)
	}
	tok, err := jwt.ParseSigned(r.PostForm.Get("client_assertion"), []jose.SignatureAlgorithm{jose.ES256})
	if err != nil {
		return err
	}
	var claims jwt.Claims
	var raw map[string]any
	if err := tok.Claims(s.clientKey, &claims, &raw); err != nil {
		return err
	}
	if raw["aud"] != s.issuer || claims.Issuer != "c1" || claims.Subject != "c1" || claims.ID == "" || claims.Expiry == nil {
		return fmt.Errorf("claims %v", raw)
	}
	return nil
}

func TestHTTPClientWithPrivateKeyJWTAndDPoP(t *testing.T) {
	clientKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	fs := &fapiServer{clientKey: &clientKey.PublicKey, jtis: map[string]bool{}}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	fs.issuer = srv.URL
	key, err := NewDPoPKey()
	if err != nil {
		t.Fatal(err)
	}
	hc := HTTPClient(context.Background(), Config{BaseURL: srv.URL, ClientID: "c1",
		PrivateKeyJWT: PrivateKeyJWT{Key: clientKey, KeyID: "k1"}, DPoP: key, MaxRetries: -1})
	for range 2 {
		res, err := hc.Get(srv.URL + "/api?page=2")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("API call: %d", res.StatusCode)
		}
	}
	if fs.calls != 2 {
		t.Errorf("%d API calls reached the server, want 2", fs.calls)
	}
}

func TestAssertionRefusesOtherKeys(t *testing.T) {
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	_, err := PrivateKeyJWT{Key: edKey}.Assertion("c1", "https://bank.example")
	if err == nil || !strings.Contains(err.Error(), "EC P-256 or RSA") {
		t.Fatalf("Assertion = %v", err)
	}
}

var crypto256 = crypto.SHA256
