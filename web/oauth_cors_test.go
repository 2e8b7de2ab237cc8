package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"openbank/oauth"
)

// TestDiscoveryOffersRevocationToPublicClients: the token, revocation and
// introspection endpoints authenticate clients alike, so discovery names
// the same methods for the three, public clients ("none") included; a
// public client does revoke and introspect its own token with its
// client_id alone.
func TestDiscoveryOffersRevocationToPublicClients(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	resp, err := http.Get(in.base + "/.well-known/openid-configuration")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var meta struct {
		Revocation    []string `json:"revocation_endpoint_auth_methods_supported"`
		Token         []string `json:"token_endpoint_auth_methods_supported"`
		Introspection []string `json:"introspection_endpoint_auth_methods_supported"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&meta); err != nil {
		t.Fatal(err)
	}
	want := []string{"client_secret_basic", "client_secret_post", "private_key_jwt", "none"}
	if !slices.Equal(meta.Token, want) || !slices.Equal(meta.Revocation, want) || !slices.Equal(meta.Introspection, want) {
		t.Fatalf("auth methods: %+v, want %q for each", meta, want)
	}
	pub := in.client(t, oauth.ClientSpec{Public: true, Grants: []string{oauth.GrantAuthorizationCode, oauth.GrantRefreshToken},
		RedirectURIs: []string{"https://spa.example.com/callback"}})
	for _, path := range []string{"/oauth2/introspect", "/oauth2/revoke"} {
		form := url.Values{"client_id": {pub.id}, "token": {"not-a-token-of-ours"}}
		if status, body, _ := in.tokenCall(t, path, registered{}, form); status != http.StatusOK {
			t.Errorf("%s by a public client: %d %v", path, status, body)
		}
	}
}

func TestCORSForPublicClientsRegisteredOrigins(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.client(t, oauth.ClientSpec{Public: true, Grants: []string{oauth.GrantAuthorizationCode, oauth.GrantRefreshToken},
		RedirectURIs: []string{"https://spa.example.com/callback", "com.example.app://callback"}})
	in.client(t, oauth.ClientSpec{RedirectURIs: []string{"https://backend.example.com/callback"}})
	paths := []struct{ method, path string }{
		{http.MethodGet, "/.well-known/openid-configuration"},
		{http.MethodGet, "/.well-known/oauth-authorization-server"},
		{http.MethodGet, "/oauth2/jwks"},
		{http.MethodPost, "/oauth2/token"},
		{http.MethodPost, "/oauth2/revoke"},
		{http.MethodGet, "/oauth2/userinfo"},
	}
	origins := []struct {
		origin  string
		allowed bool
	}{
		{"https://spa.example.com", true},
		{"https://evil.example.com", false},
		{"https://backend.example.com", false}, // a confidential client never calls from a browser
		{"null", false},
	}
	for _, p := range paths {
		for _, o := range origins {
			for _, method := range []string{p.method, http.MethodOptions} {
				req, _ := http.NewRequest(method, in.base+p.path, strings.NewReader(""))
				req.Header.Set("Origin", o.origin)
				if method == http.MethodOptions {
					req.Header.Set("Access-Control-Request-Method", p.method)
					req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
				}
				_, _, hdr := do(t, req)
				got := hdr.Get("Access-Control-Allow-Origin")
				if (got == o.origin) != o.allowed || (!o.allowed && got != "") || !strings.Contains(hdr.Get("Vary"), "Origin") {
					t.Errorf("%s %s from %s: Access-Control-Allow-Origin %q, Vary %q", method, p.path, o.origin, got, hdr.Get("Vary"))
				}
				if method == http.MethodOptions && o.allowed && !strings.Contains(hdr.Get("Access-Control-Allow-Headers"), "Authorization") {
					t.Errorf("preflight of %s: %v", p.path, hdr)
				}
				if hdr.Get("Access-Control-Allow-Credentials") != "" {
					t.Errorf("%s %s allows credentials", method, p.path)
				}
			}
		}
	}
}

func TestNoCORSOnTheJSONAPIs(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.client(t, oauth.ClientSpec{Public: true, Grants: []string{oauth.GrantAuthorizationCode},
		RedirectURIs: []string{"https://spa.example.com/callback"}})
	for _, path := range []string{"/oauth2/introspect", "/gateway/v1.1.0/showcases", "/aggregation/v3.12.0/connections"} {
		req, _ := http.NewRequest(http.MethodOptions, in.base+path, nil)
		req.Header.Set("Origin", "https://spa.example.com")
		req.Header.Set("Access-Control-Request-Method", http.MethodGet)
		if _, _, hdr := do(t, req); hdr.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s answers CORS: %v", path, hdr)
		}
	}
}
