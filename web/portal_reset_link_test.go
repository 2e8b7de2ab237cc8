package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var consoleResetLink = regexp.MustCompile(`https?://\S+/portal/reset/confirm\?token=([A-Za-z0-9_-]+)`)

// TestPortalResetLinkFromTheConsole: without email an admin makes a
// one-time reset link in the console, stored as a digest and audited; the
// developer sets a new password with it once.
func TestPortalResetLinkFromTheConsole(t *testing.T) {
	t.Parallel()
	in := portalInstance(t, nil)
	const email = "forgetful@example.com"
	consoleSubmit(t, in, browser(), "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {"a forgotten long password"}})
	in.db.Exec(`UPDATE developers SET approved_at = now(), approved_by = 'root' WHERE email = $1`, email)
	admin := browser()
	in.consoleUser(t, "root", "root-password", true)
	consoleSignIn(t, in, admin, "root", "root-password").Body.Close()

	if code, _ := consoleSubmit(t, in, admin, "/admin/developers", "/admin/developers/reset-link", url.Values{"email": {"nobody@example.com"}}); code != http.StatusNotFound {
		t.Errorf("a reset link for no account: %d", code)
	}
	code, body := consoleSubmit(t, in, admin, "/admin/developers", "/admin/developers/reset-link", url.Values{"email": {email}})
	m := consoleResetLink.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("reset link: %d %s", code, body)
	}
	var stored, audited int
	in.db.Get(&stored, `SELECT count(*) FROM developer_links WHERE digest = $1 AND purpose = 'reset'
		AND expires_at BETWEEN now() + interval '59 minutes' AND now() + interval '61 minutes'`, digestOf(m[1]))
	in.db.Get(&audited, `SELECT count(*) FROM audit_log WHERE action = 'developer.reset-link' AND source = 'console'
		AND actor = 'root' AND target = $1 AND position($2 in after::text) = 0`, "developer/"+email, m[1])
	if stored != 1 || audited != 1 {
		t.Errorf("the link stored as its digest for an hour: %d; audited without it: %d", stored, audited)
	}

	dev := browser()
	link := mustURL(t, m[0]).RequestURI()
	code, body = consoleSubmit(t, in, dev, link, "/portal/reset/confirm", url.Values{"token": {m[1]}, "password": {"a brand new long password"}})
	if code != http.StatusOK || !strings.Contains(body, "Password changed") {
		t.Fatalf("the link: %d %s", code, body)
	}
	if code := portalSignIn(t, in, dev, email, "a brand new long password"); code != http.StatusSeeOther {
		t.Errorf("sign-in with the new password: %d", code)
	}
	if code, _ := consoleSubmit(t, in, browser(), link, "/portal/reset/confirm", url.Values{"token": {m[1]},
		"password": {"a third long password"}}); code != http.StatusBadRequest {
		t.Errorf("the link used twice: %d", code)
	}
}
