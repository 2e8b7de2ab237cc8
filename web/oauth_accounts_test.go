package web

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
)

// showsSignIn reports whether the authorization page asks b to sign in
// (rather than to consent).
func showsSignIn(t *testing.T, b *http.Client, u string) bool {
	t.Helper()
	resp, err := b.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	html := readAll(resp)
	if resp.StatusCode != 200 {
		t.Fatalf("authorization page: %d", resp.StatusCode)
	}
	return strings.Contains(html, `name="password"`)
}

// refusedSoon waits (a poll period at most) for an access token to be
// refused.
func (in *instance) refusedSoon(t *testing.T, access string) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if status, _, _ := in.api(t, "/gateway/test/whoami", access); status == 401 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the access token still works")
		}
	}
}

func TestDeletingAUserEndsItsTokensAndSessions(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	code := authorize(t, b, u, "carol", "carol-password").Query().Get("code")
	old := in.passwordTokens(t, cl)
	_, before, _ := in.api(t, "/gateway/test/whoami", old["access_token"].(string))
	if err := in.registry().DeleteUser(context.Background(), "carol"); err != nil {
		t.Fatal(err)
	}
	in.refusedSoon(t, old["access_token"].(string))
	in.user(t, "carol", "another-password") // the same username, another account
	if status, body, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(old["refresh_token"].(string))); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("the deleted account's refresh token: %d %v", status, body)
	}
	if status, body, _ := in.tokenCall(t, "/oauth2/token", cl, exchange(code, verifier)); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("the deleted account's code: %d %v", status, body)
	}
	if !showsSignIn(t, b, u) {
		t.Fatal("the deleted account's browser session signs the new account in")
	}
	status, fresh, _ := in.tokenCall(t, "/oauth2/token", cl, passwordForm("carol", "another-password"))
	if status != 200 {
		t.Fatalf("the new account: %d %v", status, fresh)
	}
	_, after, _ := in.api(t, "/gateway/test/whoami", fresh["access_token"].(string))
	if before["UserID"] == "" || after["UserID"] == "" || before["UserID"] == after["UserID"] || after["Username"] != "carol" {
		t.Fatalf("account ids: before %v, after %v", before, after)
	}
}

func TestAPasswordChangeEndsSessionsAndGrants(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	authorize(t, b, u, "carol", "carol-password")
	old := in.passwordTokens(t, cl)
	if showsSignIn(t, b, u) {
		t.Fatal("not signed in before the change")
	}
	if err := in.registry().SetUserPassword(context.Background(), "carol", "new-carol-password"); err != nil {
		t.Fatal(err)
	}
	if !showsSignIn(t, b, u) {
		t.Fatal("the browser is still signed in after the password change")
	}
	if status, body, _ := in.tokenCall(t, "/oauth2/token", cl, refresh(old["refresh_token"].(string))); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after the change: %d %v", status, body)
	}
	in.refusedSoon(t, old["access_token"].(string))
	if to := authorize(t, b, u, "carol", "new-carol-password"); to.Query().Get("code") == "" {
		t.Fatalf("signing in with the new password: %s", to)
	}
}

func TestSigningOutEndsTheSessionForReal(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	authorize(t, b, u, "carol", "carol-password")
	base, _ := url.Parse(in.base)
	copied := browser()
	copied.Jar, _ = cookiejar.New(nil)
	copied.Jar.SetCookies(base, b.Jar.Cookies(base)) // a copy of the cookie, taken before signing out
	resp, _ := b.Get(u)
	html := readAll(resp)
	resp = post(t, b, u, url.Values{"action": {"logout"}, "csrf_token": {csrfToken(t, html)}})
	if readAll(resp); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign out: %d", resp.StatusCode)
	}
	if !showsSignIn(t, b, u) || !showsSignIn(t, copied, u) {
		t.Fatal("a cookie of the ended session still signs in")
	}
}

func TestPromptNone(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	b := browser()
	challenge := oauth.ChallengeS256(verifier)
	answer := func(prompt string) url.Values {
		t.Helper()
		resp, err := b.Get(in.authURL(cl, callback, challenge, url.Values{"prompt": {prompt}}))
		if err != nil {
			t.Fatal(err)
		}
		readAll(resp)
		to, _ := url.Parse(resp.Header.Get("Location"))
		if resp.StatusCode != http.StatusFound || !strings.HasPrefix(to.String(), callback) {
			t.Fatalf("prompt=%s: %d %s", prompt, resp.StatusCode, to)
		}
		return to.Query()
	}
	if q := answer("none"); q.Get("error") != "login_required" || q.Get("state") != "xyz" {
		t.Fatalf("signed out: %v", q)
	}
	authorize(t, b, in.authURL(cl, callback, challenge, nil), "carol", "carol-password")
	if q := answer("none"); q.Get("error") != "consent_required" || q.Get("state") != "xyz" {
		t.Fatalf("signed in: %v", q)
	}
	if q := answer("none login"); q.Get("error") != "invalid_request" {
		t.Fatalf("none with another value: %v", q)
	}
}
