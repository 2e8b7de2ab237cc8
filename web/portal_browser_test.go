package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPortalInABrowser walks a developer's path in chromium: sign-up, the
// emailed link, a test application, the first API call with its
// credentials, a production request, an admin's approval in the console,
// and the production credentials.
func TestPortalInABrowser(t *testing.T) {
	mb := newMailbox(t)
	in := portalInstance(t, mb)
	in.consoleUser(t, "root", "root-password", true)
	b := newConsoleTab(t)
	const email, password = "browser-dev@example.com", "a browser developer password"

	b.run(chromedp.Navigate(in.base + "/portal/signup"))
	b.waitFor("#email")
	b.run(chromedp.SendKeys("#email", email), chromedp.SendKeys("#password", password), chromedp.Click(`form button[type=submit]`))
	b.waitFor("#notice")
	b.run(chromedp.Navigate(mb.link(t, email)))
	b.waitFor("#notice")
	if got := b.text("#notice"); !strings.Contains(got, "confirmed") {
		t.Fatalf("verification: %q", got)
	}
	b.run(chromedp.Click("#notice + p a.button"))
	b.waitFor("#password")
	b.run(chromedp.SendKeys("#email", email), chromedp.SendKeys("#password", password), chromedp.Click(`form button[type=submit]`))
	b.waitFor("#apps")

	b.run(chromedp.Click(`a[href="/portal/apps/new"]`))
	b.waitFor("#app-name")
	b.run(chromedp.SendKeys("#app-name", "Browser budget"), chromedp.Click(`main form button[type=submit]`))
	b.waitFor("#client-secret")
	test := registered{b.text("#client-id"), b.text("#client-secret")}
	if b.text("#environment") != "test" {
		t.Fatalf("environment %q", b.text("#environment"))
	}
	if n := len(providersOf(t, in, clientToken(t, in, test))); n != 7 {
		t.Fatalf("first API call: %d providers", n)
	}

	b.run(chromedp.Click(`a.button[href^="/portal/apps/"]`))
	b.waitFor(`form[action$="/production"]`)
	b.run(chromedp.Click(`form[action$="/production"] input[value=widget]`),
		chromedp.SendKeys("#note", "budgets"), chromedp.Click(`form[action$="/production"] button[type=submit]`))
	b.waitFor("#requests")
	if got := b.text("#requests tbody"); !strings.Contains(got, "pending") || !strings.Contains(got, "widget") {
		t.Fatalf("request: %q", got)
	}

	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")
	b.run(chromedp.Navigate(in.base + "/admin/developers"))
	b.waitFor("#production-requests")
	b.run(chromedp.SendKeys(`#production-requests input[name=reason]`, "approved for launch"),
		chromedp.Click(`#production-requests button[value=approve]`))
	b.waitFor(".flash")
	if got := b.text(".flash"); !strings.Contains(got, "Approved") {
		t.Fatalf("approval: %q", got)
	}

	b.run(chromedp.Navigate(in.base + "/portal/"))
	b.waitFor(`form[action$="/secret"]`)
	b.run(chromedp.Click(`form[action$="/secret"] button`))
	b.waitFor("#client-secret")
	prod := registered{b.text("#client-id"), b.text("#client-secret")}
	if b.text("#environment") != "production" || prod.id == test.id {
		t.Fatalf("production credentials: %q %q", b.text("#environment"), prod.id)
	}
	claims, oerr := in.OAuth().VerifyAccessToken(context.Background(), clientToken(t, in, prod))
	if oerr != nil || claims.Environment != "production" {
		t.Fatalf("production token: %+v %v", claims, oerr)
	}
}
