package web

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// consoleAdmin creates an admin (admin is true) or a plain user.
func (in *instance) consoleUser(t *testing.T, name, password string, admin bool) {
	t.Helper()
	if err := in.registry().CreateUser(context.Background(), name, password, admin); err != nil {
		t.Fatal(err)
	}
}

// consoleSignIn signs b in to the console of in through the server's own
// issuer (sign-in and consent pages) and returns the callback's answer.
func consoleSignIn(t *testing.T, in *instance, b *http.Client, username, password string) *http.Response {
	t.Helper()
	resp, err := b.Get(in.base + "/admin/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/admin/login?next=") {
		t.Fatalf("signed-out dashboard: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, err = b.Get(in.base + resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	auth := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(auth, in.base+"/oauth2/authorize?") {
		t.Fatalf("login: %d %s", resp.StatusCode, auth)
	}
	q := mustURL(t, auth).Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("state") == "" || q.Get("nonce") == "" || q.Get("client_id") != "openbank-console" {
		t.Fatalf("authorization request %v", q)
	}
	back := signInAt(t, b, auth, username, password)
	resp, err = b.Get(back)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// signInAt signs in on the authorize page of the console's authorization
// request auth, when it asks for a password, and returns where the
// authorization server sends the browser: the console is first-party, so
// no consent page comes between.
func signInAt(t *testing.T, b *http.Client, auth, username, password string) string {
	t.Helper()
	resp, err := b.Get(auth)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK && strings.Contains(string(body), `name="password"`) {
		login := post(t, b, auth, url.Values{"action": {"login"}, "username": {username}, "password": {password},
			"csrf_token": {csrfToken(t, string(body))}})
		login.Body.Close()
		if login.StatusCode != http.StatusSeeOther {
			t.Fatalf("login: %d", login.StatusCode)
		}
		if resp, err = b.Get(auth); err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if resp.StatusCode != http.StatusFound || !strings.Contains(resp.Header.Get("Location"), "/admin/callback?code=") {
		t.Fatalf("authorize of the console: %d %s %s", resp.StatusCode, resp.Header.Get("Location"), body)
	}
	return resp.Header.Get("Location")
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// consolePage GETs u and returns the status and body.
func consolePage(t *testing.T, b *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := b.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestConsoleSignInWithTheOwnIssuer(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	resp := consoleSignIn(t, in, b, "root", "root-password")
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/admin/" {
		t.Fatalf("callback: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "openbank_admin" && c.MaxAge > 0 {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/admin" {
		t.Fatalf("session cookie %+v", cookie)
	}
	status, body := consolePage(t, b, in.base+"/admin/")
	if status != 200 || !strings.Contains(body, "<h1>Dashboard</h1>") || !strings.Contains(body, "root") {
		t.Fatalf("dashboard: %d %s", status, body)
	}
	var sessions int
	if err := in.db.Get(&sessions, `SELECT count(*) FROM console_sessions WHERE username = 'root' AND ended_at IS NULL`); err != nil || sessions != 1 {
		t.Fatalf("sessions %d %v", sessions, err)
	}
}

func TestConsoleRefusesAUserWhoIsNotAnAdmin(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "bob", "bob-password", false)
	b := browser()
	resp := consoleSignIn(t, in, b, "bob", "bob-password")
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "not an administrator") {
		t.Fatalf("non-admin: %d %s", resp.StatusCode, body)
	}
	if status, _ := consolePage(t, b, in.base+"/admin/"); status != http.StatusSeeOther {
		t.Fatalf("after refusal the dashboard answered %d", status)
	}
	var refused int
	if err := in.db.Get(&refused, `SELECT count(*) FROM audit_log WHERE action = 'session.refused' AND actor = 'bob'`); err != nil || refused != 1 {
		t.Fatalf("refusals logged %d %v", refused, err)
	}
}

func TestConsoleSessionEndsWhenIdleAndAtSignOut(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	tests := []struct {
		name string
		end  func(t *testing.T, b *http.Client)
	}{
		{"idle too long", func(t *testing.T, _ *http.Client) {
			in.db.MustExec(`UPDATE console_sessions SET last_seen = now() - interval '2 hours'`)
		}},
		{"past its absolute time-out", func(t *testing.T, _ *http.Client) {
			in.db.MustExec(`UPDATE console_sessions SET expires_at = now() - interval '1 second'`)
		}},
		{"no longer an admin", func(t *testing.T, _ *http.Client) {
			in.db.MustExec(`UPDATE users SET admin = false WHERE username = 'root'`)
			t.Cleanup(func() { in.db.MustExec(`UPDATE users SET admin = true WHERE username = 'root'`) })
		}},
		{"signed out in another browser sharing the cookie", func(t *testing.T, b *http.Client) {
			_, body := consolePage(t, b, in.base+"/admin/")
			resp := post(t, b, in.base+"/admin/logout", url.Values{"csrf_token": {csrfToken(t, body)}})
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/admin/signed-out" {
				t.Fatalf("logout: %d %s", resp.StatusCode, resp.Header.Get("Location"))
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := browser()
			consoleSignIn(t, in, b, "root", "root-password").Body.Close()
			stolen := cookiesOf(b, in.base+"/admin/")
			_, body := consolePage(t, b, in.base+"/admin/showcases/new")
			token := csrfToken(t, body)
			tt.end(t, b)
			other := browser()
			other.Jar.SetCookies(mustURL(t, in.base+"/admin/"), stolen)
			if status, _ := consolePage(t, other, in.base+"/admin/"); status != http.StatusSeeOther {
				t.Fatalf("page of an ended session: %d", status)
			}
			resp := post(t, b, in.base+"/admin/showcases", url.Values{"csrf_token": {token}, "owner": {"alice"}, "validTo": {"2030-01-01T00:00"}})
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("form of an ended session: %d", resp.StatusCode)
			}
		})
	}
}

func cookiesOf(b *http.Client, u string) []*http.Cookie {
	p, _ := url.Parse(u)
	return b.Jar.Cookies(p)
}

func TestConsoleFormsNeedTheirToken(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	for _, token := range []string{"", "forged"} {
		resp := post(t, b, in.base+"/admin/showcases", url.Values{"csrf_token": {token}, "owner": {"alice"}, "validTo": {"2030-01-01T00:00"}})
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "This form has expired") {
			t.Fatalf("token %q: %d %s", token, resp.StatusCode, body)
		}
	}
	var n int
	if err := in.db.Get(&n, `SELECT count(*) FROM showcases`); err != nil || n != 0 {
		t.Fatalf("showcases %d %v", n, err)
	}
}

// TestConsoleSignOutEndsTheAccountSession signs out of the console: the
// next sign-in asks for the password again, and the signed-out page shows
// no status code.
func TestConsoleSignOutEndsTheAccountSession(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	_, body := consolePage(t, b, in.base+"/admin/")
	resp := post(t, b, in.base+"/admin/logout", url.Values{"csrf_token": {csrfToken(t, body)}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/admin/signed-out" {
		t.Fatalf("logout: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	status, page := consolePage(t, b, in.base+"/admin/signed-out")
	if status != 200 || !strings.Contains(page, "asks for your password") || strings.Contains(page, `class="status"`) {
		t.Fatalf("signed-out page: %d %s", status, page)
	}
	var sessions int
	if err := in.db.Get(&sessions, `SELECT count(*) FROM login_sessions`); err != nil || sessions != 0 {
		t.Fatalf("account sessions left: %d %v", sessions, err)
	}
	var events []string
	if err := in.db.Select(&events, `SELECT action || ' ' || actor || ' ' || (after->>'issuer') FROM audit_log ORDER BY id`); err != nil ||
		strings.Join(events, ", ") != "session.sign-in root Openbank, session.sign-out root Openbank" {
		t.Fatalf("sign-in events %q %v", events, err)
	}
	resp, err := b.Get(in.base + "/admin/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if status, page = consolePage(t, b, resp.Header.Get("Location")); status != 200 || !strings.Contains(page, `name="password"`) {
		t.Fatalf("sign-in again: %d %s", status, page)
	}
}
