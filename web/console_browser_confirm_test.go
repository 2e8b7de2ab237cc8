package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"openbank/oauth"
)

// TestConsoleConfirmsInABrowser deletes a user and a client the way an
// admin does: the first click only asks, cancelling keeps them, confirming
// deletes them. Row buttons read as words with a full accessible name.
func TestConsoleConfirmsInABrowser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	in.user(t, "dora", "dora-password")
	in.client(t, oauth.ClientSpec{ClientID: "acme", Name: "Acme"})
	b := newConsoleTab(t)
	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")

	b.run(chromedp.Navigate(in.base + "/admin/users"))
	del := `form[action="/admin/users/dora/delete"] button`
	b.waitFor(del)
	if got, label := b.text(del), b.attribute(del, "aria-label"); got != "Delete" || label != "Delete user dora" {
		t.Fatalf("row button %q labelled %q", got, label)
	}
	b.run(chromedp.Click(del))
	b.waitFor(".confirm")
	if got := b.text(".confirm"); !strings.Contains(got, "dora is signed out everywhere") {
		t.Fatalf("confirmation %q", got)
	}
	b.shoot("confirm-user-delete")
	b.run(chromedp.Click(`.confirm-form a.button`))
	b.waitFor(del)
	b.countUsers(in, "dora", 1)
	b.run(chromedp.Click(del))
	b.waitFor(".confirm-form button.danger")
	b.run(chromedp.Click(".confirm-form button.danger"))
	b.waitFor(".flash")
	b.countUsers(in, "dora", 0)

	b.run(chromedp.Navigate(in.base + "/admin/clients/acme"))
	b.waitFor(`form[action$="/rotate"] button`)
	b.run(chromedp.Click(`form[action$="/rotate"] button`))
	b.waitFor("#keep")
	b.setValue("#keep", "24h")
	b.run(chromedp.Click(".confirm-form button.danger"))
	b.waitFor("#new-secret")
	if got := b.text("#old-secret"); !strings.Contains(got, "stays valid until") {
		t.Fatalf("after rotation: %q", got)
	}

	// The audit log shows what each entry changed, field by field.
	b.run(chromedp.Navigate(in.base + "/admin/audit"))
	b.waitFor("#audit dl.diff")
	if got := b.text("#audit tbody tr:first-child .diff"); !strings.Contains(got, "oldSecretGrace") || !strings.Contains(got, "24h0m0s") {
		t.Fatalf("rotation entry %q", got)
	}
	if got := b.text("#audit tbody"); !strings.Contains(got, "session.sign-in") || !strings.Contains(got, "user.delete") {
		t.Fatalf("audit log %q", got)
	}
	b.shoot("audit-diff")
}

// countUsers fails unless name exists want times.
func (b *consoleTab) countUsers(in *instance, name string, want int) {
	b.t.Helper()
	var n int
	if err := in.db.Get(&n, `SELECT count(*) FROM users WHERE username = $1`, name); err != nil || n != want {
		b.t.Fatalf("users named %s: %d (%v), want %d", name, n, err, want)
	}
}
