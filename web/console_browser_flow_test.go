package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"openbank/oauth"
)

// TestConsoleInABrowser signs an admin in through the own issuer, does
// each section's main task and signs out.
func TestConsoleInABrowser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	in.user(t, "bob", "bob-password")
	seedShowcases(t, in.st)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Name: "Acme Lending"})
	conn := connectSubject(t, a, "subject-42", "user")
	b := newConsoleTab(t)
	b.run(chromedp.Navigate(in.base + "/admin/"))
	b.waitFor("#username")
	b.shoot("sign-in")
	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")
	b.shoot("dashboard")

	b.run(chromedp.Navigate(in.base + "/admin/showcases/new"))
	b.waitFor("#owner")
	b.setValue("#valid-to", "2030-12-31T12:00:00")
	b.run(chromedp.SendKeys("#owner", "alice"), chromedp.SendKeys("#name", "household-2026"), chromedp.Click(`form.form button[type=submit]`))
	b.waitFor(".flash")
	if got := b.text(".flash"); !strings.Contains(got, "household-2026 created for alice") {
		t.Fatalf("flash %q", got)
	}
	b.run(chromedp.SendKeys("#grantee", "bob"), chromedp.Click(`form[action*="/consents"] button`))
	b.waitFor("table.consents form")
	b.shoot("showcase")

	b.run(chromedp.Navigate(in.base + "/admin/showcases?sort=validTo&dir=desc"))
	b.waitFor("#showcases")
	if first := b.text("#showcases tbody tr td"); first != "household-2026" {
		t.Fatalf("latest validTo first: %q", first)
	}
	b.shoot("showcases")
	b.run(chromedp.Navigate(in.base + "/admin/consents?username=bob"))
	b.waitFor("table.consents")
	b.run(chromedp.Navigate(in.base + "/admin/audit?q=household"))
	b.waitFor("#audit")
	if got := b.text("#audit tbody"); !strings.Contains(got, "consent.grant") || !strings.Contains(got, "showcase.create") {
		t.Fatalf("audit log %q", got)
	}
	b.shoot("audit")

	b.run(chromedp.Navigate(in.base + "/admin/clients/new"))
	b.waitFor("#privacy-url")
	if got := b.text(`fieldset.choices label:has(input[value=client_credentials])`); !strings.Contains(got, "server to server") {
		t.Fatalf("grant without words: %q", got)
	}
	b.shoot("new-client")

	b.run(chromedp.Navigate(fmt.Sprintf("%s/admin/aggregation/%s/connections/%.0f", in.base, cl.id, conn["id"])))
	b.waitFor("#fetches")
	b.shoot("connection")

	b.run(chromedp.Click(".signout button"))
	b.waitFor(".notice")
	b.shoot("signed-out")
	if !strings.Contains(b.text("h1"), "signed out") || strings.Contains(b.text(".notice"), "200") {
		t.Fatalf("after sign-out: %q", b.text(".notice"))
	}
	// Signing in again asks for the password: the account session ended too.
	b.run(chromedp.Click(".notice a.button"))
	b.waitFor("#password")
	b.run(chromedp.SendKeys("#username", "root"), chromedp.SendKeys("#password", "root-password"), chromedp.Click(`form button[type=submit]`))
	b.waitFor(".stats")
}

// TestConsoleInABrowserRefusesAUser shows the page a non-admin gets.
func TestConsoleInABrowserRefusesAUser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "bob", "bob-password", false)
	b := newConsoleTab(t)
	b.signIn(in.base, "bob", "bob-password")
	b.waitFor(".notice .status")
	if b.text(".notice .status") != "403" {
		t.Fatalf("status %q", b.text(".notice .status"))
	}
	b.shoot("forbidden")
}

// TestConsoleSharingInABrowser shares a showcase with a name no user has:
// the console warns beside the field, keeps what was typed, and shares
// only once the admin confirms.
func TestConsoleSharingInABrowser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	seedShowcases(t, in.st)
	b := newConsoleTab(t)
	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")
	if got := b.text(`nav a[href="/admin/consents"]`); got != "Showcase sharing" {
		t.Fatalf("navigation names the sharing %q", got)
	}
	b.run(chromedp.Navigate(in.base + "/admin/showcases/budget-01"))
	b.waitFor("#grantee")
	b.setValue("#level", "FULL_ACCESS")
	b.run(chromedp.SendKeys("#grantee", "nobody"), chromedp.Click(`form[action*="/consents"] button`))
	b.waitFor("#grantee-problem")
	if got := b.text("#grantee-problem"); !strings.Contains(got, "No user called nobody") {
		t.Fatalf("warning %q", got)
	}
	if b.attribute("#grantee", "aria-describedby") != "grantee-problem" || b.attribute("#grantee", "aria-invalid") != "true" {
		t.Fatal("the warning is not tied to the username field")
	}
	kept, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector("#grantee").value + " " + document.querySelector("#level").value`))
	if err != nil || kept != "nobody FULL_ACCESS" {
		t.Fatalf("the form kept %q (%v)", kept, err)
	}
	var n int
	if err := in.db.Get(&n, `SELECT count(*) FROM consents`); err != nil || n != 0 {
		t.Fatalf("shared without confirming: %d %v", n, err)
	}
	b.shoot("sharing-unknown-user")
	b.run(chromedp.Click(`input[name=unknownUser]`), chromedp.Click(`form[action*="/consents"] button`))
	b.waitFor("table.consents form")
	if err := in.db.Get(&n, `SELECT count(*) FROM consents WHERE username = 'nobody' AND consent_level = 'FULL_ACCESS'`); err != nil || n != 1 {
		t.Fatalf("after confirming: %d %v", n, err)
	}
}
