package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

func TestAuthorizeFormsNeedTheirCSRFToken(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	resp, err := b.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
			t.Fatalf("cookie %s: HttpOnly=%v SameSite=%v", c.Name, c.HttpOnly, c.SameSite)
		}
	}
	for name, token := range map[string]string{"missing": "", "wrong": "forged"} {
		resp := post(t, b, u, url.Values{"action": {"login"}, "username": {"carol"}, "password": {"carol-password"}, "csrf_token": {token}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Location") != "" {
			t.Fatalf("%s CSRF token: %d", name, resp.StatusCode)
		}
	}
}

func TestLoginPageRefusesAWrongPassword(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	resp, _ := b.Get(u)
	html := readAll(resp)
	resp = post(t, b, u, url.Values{"action": {"login"}, "username": {"carol"}, "password": {"nope-nope"}, "csrf_token": {csrfToken(t, html)}})
	if body := readAll(resp); resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "wrong") {
		t.Fatalf("wrong password: %d", resp.StatusCode)
	}
	resp = post(t, b, u, url.Values{"action": {"consent"}, "decision": {"allow"}, "csrf_token": {csrfToken(t, html)}})
	readAll(resp)
	if loc := resp.Header.Get("Location"); strings.Contains(loc, "code=") {
		t.Fatalf("consent without signing in issued a code: %s", loc)
	}
}

func TestConsentDeniedReturnsAccessDenied(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	authorize(t, b, u, "carol", "carol-password") // signs in
	resp, _ := b.Get(u)
	html := readAll(resp)
	resp = post(t, b, u, url.Values{"action": {"consent"}, "decision": {"deny"}, "csrf_token": {csrfToken(t, html)}})
	readAll(resp)
	to, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || to.Query().Get("error") != "access_denied" || to.Query().Get("state") != "xyz" {
		t.Fatalf("deny: %d %s", resp.StatusCode, to)
	}
}

func readAll(resp *http.Response) string {
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return string(body)
}
