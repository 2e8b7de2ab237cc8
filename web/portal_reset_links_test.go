package web

import (
	"net/http"
	"net/url"
	"testing"
)

// TestPortalDeveloperResetLinkEndsTheOlderOnes: a new reset link, emailed
// or made in the console, ends the account's older unused ones, and using
// one ends every other.
func TestPortalDeveloperResetLinkEndsTheOlderOnes(t *testing.T) {
	t.Parallel()
	mb := newMailbox(t)
	in := portalInstance(t, mb)
	const email = "many-links@example.com"
	consoleSubmit(t, in, browser(), "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {"the first long password"}})
	consolePage(t, browser(), in.base+mustURL(t, mb.link(t, email)).RequestURI())
	admin := browser()
	in.consoleUser(t, "root", "root-password", true)
	consoleSignIn(t, in, admin, "root", "root-password").Body.Close()
	emailed := func() string {
		consoleSubmit(t, in, browser(), "/portal/reset", "/portal/reset", url.Values{"email": {email}})
		return mustURL(t, mb.link(t, email)).Query().Get("token")
	}
	fromConsole := func() string {
		code, body := consoleSubmit(t, in, admin, "/admin/developers", "/admin/developers/reset-link", url.Values{"email": {email}})
		m := consoleResetLink.FindStringSubmatch(body)
		if code != http.StatusOK || m == nil {
			t.Fatalf("reset link: %d %s", code, body)
		}
		return m[1]
	}
	use := func(token, password string) int {
		code, _ := consoleSubmit(t, in, browser(), "/portal/reset/confirm?token="+token, "/portal/reset/confirm",
			url.Values{"token": {token}, "password": {password}})
		return code
	}

	first := emailed()
	second := fromConsole()
	if code := use(first, "the second long password"); code != http.StatusBadRequest {
		t.Errorf("an emailed link after a console one was made: %d", code)
	}
	third := emailed()
	if code := use(second, "the second long password"); code != http.StatusBadRequest {
		t.Errorf("a console link after an emailed one was sent: %d", code)
	}
	// A live link from before links ended each other.
	const older = "an-older-link-still-live"
	if _, err := in.db.Exec(`INSERT INTO developer_links (digest, developer_id, purpose, expires_at)
		SELECT $1, id, 'reset', now() + interval '1 hour' FROM developers WHERE email = $2`, digestOf(older), email); err != nil {
		t.Fatal(err)
	}
	if code := use(third, "the third long password"); code != http.StatusOK {
		t.Fatalf("the newest link: %d", code)
	}
	if code := use(older, "a fourth long password"); code != http.StatusBadRequest {
		t.Errorf("another link after one was used: %d", code)
	}
	if code := portalSignIn(t, in, browser(), email, "the third long password"); code != http.StatusSeeOther {
		t.Errorf("sign-in with the password of the used link: %d", code)
	}
}
