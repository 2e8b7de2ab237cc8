package web

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/oauth"
)

// The server's key set names the callback type; a signer without it would
// fall back to its own typ.
var _ aggregation.TypedSigner = (*oauth.KeySet)(nil)

// callbackClaims are the claims a receiver reads from a callback's JWS.
type callbackClaims struct {
	Issuer    string `json:"iss"`
	Audience  string `json:"aud"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	Digest    string `json:"sha256"`
}

// verifyCallback is what a receiver does with go-jose alone: the JWS has
// the callback type, a key of the JWKS verifies it, it is meant for this
// client, it has not expired, and it covers this body.
func verifyCallback(jwks jose.JSONWebKeySet, clientID, signature string, body []byte, now time.Time) error {
	jws, err := jose.ParseSignedCompact(signature, []jose.SignatureAlgorithm{jose.ES256, jose.EdDSA})
	if err != nil {
		return err
	}
	h := jws.Signatures[0].Header
	if h.ExtraHeaders[jose.HeaderType] != "openbank-callback+jwt" {
		return fmt.Errorf("typ %v", h.ExtraHeaders[jose.HeaderType])
	}
	keys := jwks.Key(h.KeyID)
	if len(keys) == 0 {
		return fmt.Errorf("kid %q not in the JWKS", h.KeyID)
	}
	payload, err := jws.Verify(keys[0])
	if err != nil {
		return err
	}
	var c callbackClaims
	if err := json.Unmarshal(payload, &c); err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	switch {
	case c.Audience != clientID:
		return fmt.Errorf("aud %q", c.Audience)
	case now.Unix() >= c.ExpiresAt || c.ExpiresAt-c.IssuedAt > 600 || c.ExpiresAt <= c.IssuedAt:
		return fmt.Errorf("iat %d exp %d at %d", c.IssuedAt, c.ExpiresAt, now.Unix())
	case c.Digest != base64.RawURLEncoding.EncodeToString(sum[:]):
		return errors.New("the signature does not cover this body")
	}
	return nil
}

// TestCallbackSignatureIsBoundToItsReceiver delivers a real callback and
// verifies it as a client would; the same signature fails for another
// client, after it expires, and as an access token.
func TestCallbackSignatureIsBoundToItsReceiver(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	type received struct {
		signature string
		body      []byte
	}
	got := make(chan received, 4)
	var once sync.Once
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		once.Do(func() { got <- received{r.Header.Get(aggregation.HeaderSignature), body} })
	}))
	defer rcv.Close()
	a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks}, CallbackSuccess: rcv.URL + "/ok"})
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": 7, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
	if code != 201 {
		t.Fatalf("connect: %d %v", code, conn)
	}
	var cb received
	select {
	case cb = <-got:
	case <-time.After(30 * time.Second):
		t.Fatal("no callback")
	}
	jwks := in.jwks()
	now := time.Now()
	if err := verifyCallback(jwks, cl.id, cb.signature, cb.body, now); err != nil {
		t.Fatalf("a receiver refuses its own callback: %v", err)
	}
	for name, err := range map[string]error{
		"another client":   verifyCallback(jwks, "someone-else", cb.signature, cb.body, now),
		"after it expires": verifyCallback(jwks, cl.id, cb.signature, cb.body, now.Add(aggregation.CallbackSignatureTTL+time.Second)),
		"another body":     verifyCallback(jwks, cl.id, cb.signature, append(cb.body, ' '), now),
	} {
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	req, _ := http.NewRequest("GET", in.base+"/aggregation/v3.12.0/connections", nil)
	req.Header.Set("Authorization", "Bearer "+cb.signature)
	req.Header.Set("X-Request-Id", "0b6c2f5e-4c1a-4f5e-9a53-3f2d8f0e6a11")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a callback signature used as a bearer token: %v %v", resp, err)
	}
}
