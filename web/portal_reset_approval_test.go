package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestPortalDeveloperResetLinkApproval: a reset link made in the console
// for an account not active yet says, on the page and in the audit log,
// that it approves the account, and using it approves it in the admin's
// name without verifying the email; for an active account it says
// nothing of the kind. An emailed link verifies a pending account's email.
func TestPortalDeveloperResetLinkApproval(t *testing.T) {
	t.Parallel()
	t.Run("console", func(t *testing.T) {
		t.Parallel()
		in := portalInstance(t, nil)
		const pending, active = "pending@example.com", "active@example.com"
		for _, email := range []string{pending, active} {
			consoleSubmit(t, in, browser(), "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {"an old long password"}})
		}
		in.db.Exec(`UPDATE developers SET approved_at = now(), approved_by = 'someone' WHERE email = $1`, active)
		admin := browser()
		in.consoleUser(t, "root", "root-password", true)
		consoleSignIn(t, in, admin, "root", "root-password").Body.Close()

		_, body := consoleSubmit(t, in, admin, "/admin/developers", "/admin/developers/reset-link", url.Values{"email": {active}})
		if strings.Contains(body, "also approves") {
			t.Errorf("a link for an active account says it approves: %s", body)
		}
		code, body := consoleSubmit(t, in, admin, "/admin/developers", "/admin/developers/reset-link", url.Values{"email": {pending}})
		m := consoleResetLink.FindStringSubmatch(body)
		if code != http.StatusOK || m == nil || !strings.Contains(body, "This also approves the account") {
			t.Fatalf("reset link for a pending account: %d %s", code, body)
		}
		var said int
		in.db.Get(&said, `SELECT count(*) FROM audit_log WHERE action = 'developer.reset-link' AND target = $1
			AND (after->>'approvesAccount')::boolean`, "developer/"+pending)
		if said != 1 {
			t.Errorf("the audit record of the link does not say it approves")
		}
		if code := portalSignIn(t, in, browser(), pending, "an old long password"); code == http.StatusSeeOther {
			t.Fatalf("a pending account signed in before the link was used")
		}
		code, _ = consoleSubmit(t, in, browser(), "/portal/reset/confirm?token="+m[1], "/portal/reset/confirm",
			url.Values{"token": {m[1]}, "password": {"a new long password"}})
		if code != http.StatusOK {
			t.Fatalf("using the link: %d", code)
		}
		var approvedBy, verified, audited int
		in.db.Get(&approvedBy, `SELECT count(*) FROM developers WHERE email = $1 AND approved_by = 'root'`, pending)
		in.db.Get(&verified, `SELECT count(*) FROM developers WHERE email = $1 AND verified_at IS NOT NULL`, pending)
		in.db.Get(&audited, `SELECT count(*) FROM audit_log WHERE action = 'developer.password' AND target = $1
			AND after->>'approvedBy' = 'root' AND after->>'link' = 'console' AND NOT (before->>'approved')::boolean`, "developer/"+pending)
		if approvedBy != 1 || verified != 0 || audited != 1 {
			t.Errorf("approved by root %d, verified %d, audited %d; want 1 0 1", approvedBy, verified, audited)
		}
		if code := portalSignIn(t, in, browser(), pending, "a new long password"); code != http.StatusSeeOther {
			t.Errorf("sign-in after the link: %d", code)
		}
	})
	t.Run("email", func(t *testing.T) {
		t.Parallel()
		mb := newMailbox(t)
		in := portalInstance(t, mb)
		const email = "unverified@example.com"
		consoleSubmit(t, in, browser(), "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {"an old long password"}})
		mb.link(t, email) // the verification link, left unused
		consoleSubmit(t, in, browser(), "/portal/reset", "/portal/reset", url.Values{"email": {email}})
		token := mustURL(t, mb.link(t, email)).Query().Get("token")
		code, _ := consoleSubmit(t, in, browser(), "/portal/reset/confirm?token="+token, "/portal/reset/confirm",
			url.Values{"token": {token}, "password": {"a new long password"}})
		if code != http.StatusOK {
			t.Fatalf("using the link: %d", code)
		}
		var verified, approved int
		in.db.Get(&verified, `SELECT count(*) FROM developers WHERE email = $1 AND verified_at IS NOT NULL`, email)
		in.db.Get(&approved, `SELECT count(*) FROM developers WHERE email = $1 AND approved_at IS NOT NULL`, email)
		if verified != 1 || approved != 0 {
			t.Errorf("verified %d, approved %d; want 1 0", verified, approved)
		}
	})
}
