package web

import (
	"context"
	"crypto/ecdsa"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"openbank/oauth"
	"openbank/store"
)

// fapiClient registers a client with the FAPI 2.0 profile, authenticating
// by private_key_jwt with key.
func fapiClient(t *testing.T, in *instance, key *ecdsa.PrivateKey) registered {
	t.Helper()
	cl := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantAuthorizationCode, oauth.GrantRefreshToken}})
	err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id, Profile: oauth.ProfileFAPI2,
		AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: publicSet(t, map[string]*ecdsa.PrivateKey{"k1": key})})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// A FAPI 2.0 client goes through PAR, PKCE, private_key_jwt and DPoP; each
// shortcut is refused.
func TestFAPI2ProfileFlow(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.user(t, "fay", "fay-password")
	key := newHolder(t).key
	cl := fapiClient(t, in, key)
	h := newHolder(t)
	signed := func(form url.Values) { form.Set("client_assertion", clientAssertion(t, key, "k1", cl.id, in.base)) }
	assertionForm := func(v url.Values) url.Values {
		v.Set("client_assertion_type", oauth.ClientAssertionType)
		return v
	}
	verifier := oauth2.GenerateVerifier()
	pushed := assertionForm(url.Values{"response_type": {"code"}, "redirect_uri": {"https://app.example.com/callback"},
		"code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)}, "code_challenge_method": {"S256"}, "state": {"s"}})
	status, body, _ := h.postWith(t, in, "/oauth2/par", pushed, nil, signed)
	if status != http.StatusCreated {
		t.Fatalf("push: %d %v", status, body)
	}
	b := browser()
	resp, err := b.Get(in.base + "/oauth2/authorize?" + url.Values{"client_id": {cl.id}, "request_uri": {body["request_uri"].(string)}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	to := authorize(t, b, resp.Header.Get("Location"), "fay", "fay-password")
	code := to.Query().Get("code")
	var ttl float64
	in.db.Get(&ttl, `SELECT extract(epoch FROM expires_at - now()) FROM oauth_codes WHERE client_id = $1`, cl.id)
	if code == "" || ttl > 60 || to.Query().Get("iss") != in.base {
		t.Fatalf("code %q, lifetime %.0f s, redirect %s", code, ttl, to)
	}
	exchange := func() url.Values {
		return assertionForm(url.Values{"grant_type": {"authorization_code"}, "code": {code},
			"redirect_uri": {"https://app.example.com/callback"}, "code_verifier": {verifier}})
	}
	// Without a proof the tokens would be bearer tokens: refused.
	noProof := exchange()
	signed(noProof)
	if status, body, _ := in.tokenCall(t, "/oauth2/token", registered{}, noProof); status != http.StatusBadRequest || body["error"] != "invalid_request" {
		t.Fatalf("token without DPoP: %d %v", status, body)
	}
	status, tok, _ := h.postWith(t, in, "/oauth2/token", exchange(), nil, signed)
	if status != http.StatusOK || tok["token_type"] != "DPoP" {
		t.Fatalf("token: %d %v", status, tok)
	}
	at := tok["access_token"].(string)
	if status, _, _ := in.call(t, "/gateway/test/whoami", "DPoP", at, h.proof(t, "GET", in.base+"/gateway/test/whoami", at, nil)); status != http.StatusOK {
		t.Fatalf("API call: %d", status)
	}
	refresh := assertionForm(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok["refresh_token"].(string)}})
	if status, body, _ := newHolder(t).postWith(t, in, "/oauth2/token", refresh, nil, signed); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh with another key: %d %v", status, body)
	}
	// The refresh token is not rotated: the same one works again.
	for range 2 {
		status, body, _ := h.postWith(t, in, "/oauth2/token", refresh, nil, signed)
		if status != http.StatusOK || body["token_type"] != "DPoP" || body["refresh_token"] != refresh.Get("refresh_token") {
			t.Fatalf("refresh: %d %v", status, body)
		}
	}
	revoke := assertionForm(url.Values{"token": {refresh.Get("refresh_token")}})
	signed(revoke)
	if status, body, _ := in.tokenCall(t, "/oauth2/revoke", registered{}, revoke); status != http.StatusOK {
		t.Fatalf("revoke: %d %v", status, body)
	}
	if status, body, _ := h.postWith(t, in, "/oauth2/token", refresh, nil, signed); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after revocation: %d %v", status, body)
	}
	// Not pushed: refused.
	plain := in.base + "/oauth2/authorize?" + url.Values{"client_id": {cl.id}, "response_type": {"code"},
		"redirect_uri": {"https://app.example.com/callback"}, "code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)},
		"code_challenge_method": {"S256"}}.Encode()
	if status := pageStatus(t, b, plain); status != http.StatusBadRequest {
		t.Errorf("authorization request not pushed: %d", status)
	}
	// The client secret does not authenticate it.
	if status, _, _ := in.tokenCall(t, "/oauth2/par", cl, url.Values{}); status != http.StatusUnauthorized {
		t.Errorf("client secret: %d", status)
	}
}

// The profile cannot be given to a client that breaks its rules, nor can
// such a client be changed to break them.
func TestFAPI2ProfileRules(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	key := newHolder(t).key
	keys := publicSet(t, map[string]*ecdsa.PrivateKey{"k1": key})
	ctx := context.Background()
	withPassword := in.client(t, oauth.ClientSpec{})
	withHTTP := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantAuthorizationCode}, RedirectURIs: []string{"http://app.example.com/cb"}})
	good := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantAuthorizationCode}})
	for _, tt := range []struct {
		name string
		cs   store.ClientSecurity
		want string
	}{
		{"password grant", store.ClientSecurity{ClientID: withPassword.id, Profile: oauth.ProfileFAPI2, AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: keys}, "password"},
		{"http redirect", store.ClientSecurity{ClientID: withHTTP.id, Profile: oauth.ProfileFAPI2, AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: keys}, "https"},
		{"client secret", store.ClientSecurity{ClientID: good.id, Profile: oauth.ProfileFAPI2}, "secret"},
		{"no keys", store.ClientSecurity{ClientID: good.id, Profile: oauth.ProfileFAPI2, AuthMethod: oauth.AuthPrivateKeyJWT}, "keys"},
	} {
		if err := in.registry().SetSecurity(ctx, tt.cs); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	if err := in.registry().SetSecurity(ctx, store.ClientSecurity{ClientID: good.id, Profile: oauth.ProfileFAPI2,
		AuthMethod: oauth.AuthPrivateKeyJWT, JWKS: keys}); err != nil {
		t.Fatal(err)
	}
	_, err := in.registry().UpdateClient(ctx, good.id, func(c *store.Client) error {
		c.Grants = append(c.Grants, oauth.GrantPassword)
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "password") {
		t.Errorf("password grant added to a FAPI client: %v", err)
	}
}
