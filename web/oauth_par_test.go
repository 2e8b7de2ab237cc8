package web

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"openbank/oauth"
	"openbank/store"
)

// pushRequest pushes an authorization request for cl and returns the
// answer.
func (in *instance) pushRequest(t *testing.T, cl registered, verifier string, extra url.Values) (int, map[string]any) {
	t.Helper()
	form := url.Values{"response_type": {"code"}, "redirect_uri": {"https://app.example.com/callback"}, "state": {"st"},
		"code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)}, "code_challenge_method": {"S256"}}
	for k, v := range extra {
		form[k] = v
	}
	status, body, _ := in.tokenCall(t, "/oauth2/par", cl, form)
	return status, body
}

// A pushed request's request_uri starts one interaction, once; a client
// that must push cannot send its request in the URL.
func TestPushedAuthorizationRequest(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "pat", "pat-password")
	if err := in.registry().SetSecurity(context.Background(), store.ClientSecurity{ClientID: cl.id, RequirePAR: true}); err != nil {
		t.Fatal(err)
	}
	verifier := oauth2.GenerateVerifier()
	status, body := in.pushRequest(t, cl, verifier, nil)
	uri, _ := body["request_uri"].(string)
	if status != http.StatusCreated || !strings.HasPrefix(uri, oauth.RequestURIPrefix) || body["expires_in"] != 60.0 {
		t.Fatalf("push: %d %v", status, body)
	}
	b := browser()
	authURL := in.base + "/oauth2/authorize?" + url.Values{"client_id": {cl.id}, "request_uri": {uri}}.Encode()
	resp, err := b.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	next := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || !strings.Contains(next, "interaction=") {
		t.Fatalf("redeem: %d %s", resp.StatusCode, next)
	}
	if status := pageStatus(t, b, authURL); status != http.StatusBadRequest {
		t.Errorf("request_uri used again: %d", status)
	}
	to := authorize(t, b, next, "pat", "pat-password")
	if to.Query().Get("code") == "" || to.Query().Get("state") != "st" {
		t.Fatalf("code: %s", to)
	}
	if status := pageStatus(t, b, next); status != http.StatusBadRequest {
		t.Errorf("interaction after its code: %d", status)
	}
	status, tok, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"authorization_code"},
		"code": {to.Query().Get("code")}, "redirect_uri": {"https://app.example.com/callback"}, "code_verifier": {verifier}})
	if status != http.StatusOK {
		t.Fatalf("token: %d %v", status, tok)
	}
	// Not pushed: refused, on a page.
	plain := in.base + "/oauth2/authorize?" + url.Values{"client_id": {cl.id}, "response_type": {"code"},
		"redirect_uri": {"https://app.example.com/callback"}, "code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)},
		"code_challenge_method": {"S256"}}.Encode()
	if status := pageStatus(t, b, plain); status != http.StatusBadRequest {
		t.Errorf("request not pushed: %d", status)
	}
}

// A request_uri is refused once expired, for another client, or when the
// pushed request is invalid.
func TestPushedRequestRefusals(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl, other := in.client(t, oauth.ClientSpec{}), in.client(t, oauth.ClientSpec{})
	verifier := oauth2.GenerateVerifier()
	_, body := in.pushRequest(t, cl, verifier, nil)
	uri := body["request_uri"].(string)
	in.db.MustExec(`UPDATE oauth_pushed_requests SET expires_at = now() - interval '1 second'`)
	b := browser()
	expired := in.base + "/oauth2/authorize?" + url.Values{"client_id": {cl.id}, "request_uri": {uri}}.Encode()
	if status := pageStatus(t, b, expired); status != http.StatusBadRequest {
		t.Errorf("expired request_uri: %d", status)
	}
	_, body = in.pushRequest(t, cl, verifier, nil)
	stolen := in.base + "/oauth2/authorize?" + url.Values{"client_id": {other.id}, "request_uri": {body["request_uri"].(string)}}.Encode()
	if status := pageStatus(t, b, stolen); status != http.StatusBadRequest {
		t.Errorf("another client's request_uri: %d", status)
	}
	for name, extra := range map[string]url.Values{
		"unregistered redirect": {"redirect_uri": {"https://evil.example/cb"}},
		"plain PKCE":            {"code_challenge_method": {"plain"}},
		"request_uri pushed":    {"request_uri": {"urn:x"}},
		"another client_id":     {"client_id": {other.id}},
	} {
		if status, body := in.pushRequest(t, cl, verifier, extra); status != http.StatusBadRequest || body["error"] == nil {
			t.Errorf("%s: %d %v", name, status, body)
		}
	}
	if status, _, _ := in.tokenCall(t, "/oauth2/par", registered{id: cl.id, secret: "wrong"}, url.Values{}); status != http.StatusUnauthorized {
		t.Errorf("push without valid client authentication: %d", status)
	}
}

// pageStatus GETs u and returns the status.
func pageStatus(t *testing.T, b *http.Client, u string) int {
	t.Helper()
	resp, err := b.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
