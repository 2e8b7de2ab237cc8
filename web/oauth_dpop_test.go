package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// A DPoP proof at the token endpoint needs the server's nonce; the token
// it gets is bound to its key (cnf.jkt, token type DPoP) and works at an
// API only with a fresh proof of that key for that request and token.
func TestDPoPBoundTokenAtTheAPIs(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	h := newHolder(t)
	status, body, _ := h.post(t, in, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if status != http.StatusOK || body["token_type"] != "DPoP" {
		t.Fatalf("token: %d %v", status, body)
	}
	token := body["access_token"].(string)
	const path = "/gateway/test/whoami"
	u := in.base + path
	if status, body, _ := in.call(t, path, "DPoP", token, h.proof(t, "GET", u, token, nil)); status != http.StatusOK {
		t.Fatalf("API call with proof: %d %v", status, body)
	}
	replayed := h.proof(t, "GET", u, token, nil)
	in.call(t, path, "DPoP", token, replayed)
	other := newHolder(t)
	tests := []struct {
		name, scheme, proof string
	}{
		{"replayed proof", "DPoP", replayed},
		{"bound token as bearer", "Bearer", ""},
		{"bound token as bearer with a proof", "Bearer", h.proof(t, "GET", u, token, nil)},
		{"no proof", "DPoP", ""},
		{"wrong htu", "DPoP", h.proof(t, "GET", in.base+"/gateway/test/other", token, nil)},
		{"wrong htm", "DPoP", h.proof(t, "POST", u, token, nil)},
		{"stale iat", "DPoP", h.proof(t, "GET", u, token, map[string]any{"iat": time.Now().Add(-2 * time.Minute).Unix()})},
		{"proof of another key", "DPoP", other.proof(t, "GET", u, token, nil)},
		{"proof for another token", "DPoP", h.proof(t, "GET", u, "another-token", nil)},
	}
	for _, tt := range tests {
		status, body, header := in.call(t, path, tt.scheme, token, tt.proof)
		if status != http.StatusUnauthorized || !strings.HasPrefix(header.Get("WWW-Authenticate"), "DPoP ") {
			t.Errorf("%s: %d %q %v", tt.name, status, header.Get("WWW-Authenticate"), body)
		}
	}
	// A bearer token sent with the DPoP scheme is refused too.
	_, bearer, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	bt := bearer["access_token"].(string)
	if status, _, _ := in.call(t, path, "DPoP", bt, h.proof(t, "GET", u, bt, nil)); status != http.StatusUnauthorized {
		t.Errorf("bearer token under the DPoP scheme: %d", status)
	}
	if status, _, _ := in.api(t, path, bt); status != http.StatusOK {
		t.Errorf("bearer token: %d", status)
	}
	// Introspection says what the token is bound to.
	_, intro, _ := in.tokenCall(t, "/oauth2/introspect", cl, url.Values{"token": {token}})
	cnf, _ := intro["cnf"].(map[string]any)
	if intro["active"] != true || intro["token_type"] != "DPoP" || cnf["jkt"] != h.jkt(t) {
		t.Errorf("introspection: %v", intro)
	}
}

// A proof at the token endpoint is refused without the server's nonce,
// replayed, for another URL, or once the nonce is stale.
func TestDPoPProofAtTheTokenEndpoint(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	h := newHolder(t)
	send := func(proof string) (int, map[string]any, http.Header) {
		req, _ := http.NewRequest(http.MethodPost, in.base+"/oauth2/token", strings.NewReader("grant_type=client_credentials"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(cl.id, cl.secret)
		req.Header.Set("DPoP", proof)
		return do(t, req)
	}
	status, body, header := send(h.proof(t, "POST", in.base+"/oauth2/token", "", nil))
	if status != http.StatusBadRequest || body["error"] != "use_dpop_nonce" || header.Get("DPoP-Nonce") == "" {
		t.Fatalf("without nonce: %d %v %v", status, body, header)
	}
	h.nonce = header.Get("DPoP-Nonce")
	good := h.proof(t, "POST", in.base+"/oauth2/token", "", nil)
	if status, body, _ := send(good); status != http.StatusOK {
		t.Fatalf("with nonce: %d %v", status, body)
	}
	for name, proof := range map[string]string{
		"replayed":     good,
		"wrong htu":    h.proof(t, "POST", in.base+"/oauth2/revoke", "", nil),
		"forged nonce": h.proof(t, "POST", in.base+"/oauth2/token", "", map[string]any{"nonce": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}),
		"with ath":     h.proof(t, "POST", in.base+"/oauth2/token", "tok", nil),
		"not a proof":  "a.b.c",
	} {
		status, body, _ := send(proof)
		if status != http.StatusBadRequest || (body["error"] != "invalid_dpop_proof" && body["error"] != "use_dpop_nonce") {
			t.Errorf("%s: %d %v", name, status, body)
		}
	}
}

// A client whose profile wants bound tokens gets none without a proof.
func TestRequireDPoPRefusesBearerTokens(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	if err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id, RequireDPoP: true}); err != nil {
		t.Fatal(err)
	}
	status, body, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if status != http.StatusBadRequest || body["error"] != "invalid_request" {
		t.Fatalf("bearer token for a DPoP client: %d %v", status, body)
	}
	if status, body, _ := newHolder(t).post(t, in, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}}); status != http.StatusOK {
		t.Fatalf("with proof: %d %v", status, body)
	}
}
