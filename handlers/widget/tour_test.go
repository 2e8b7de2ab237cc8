package widget_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"openbank/aggregation"
	"openbank/banks"
	widgets "openbank/widget"
)

// The page tour walks every page a subject can meet in headless chromium,
// checks it with axe-core and saves it at 360 and 1280 px (see show).

func TestTourEmbeddedBankRecurring(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	e.registerClient(t)
	w := e.widget(t, landing().URL+"/back", true)
	path := fmt.Sprintf("%s/widget/w/%d", e.base, w.Widget.ID)
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "banks")
	b.show("banks")
	if b.attr("#leave", "href") != fmt.Sprintf("/widget/w/%d/done", w.Widget.ID) {
		t.Error("the banks page has no way back")
	}
	b.run(chromedp.Navigate(path + "/banks?q=nothing+like+it"))
	b.waitFor(".empty", "no-match")
	b.show("banks-no-match")
	b.run(chromedp.Navigate(path + "/consent?bank=embedded-scenario"))
	b.waitFor("#withdraw", "consent")
	b.show("consent-recurring")
	until := time.Now().UTC().AddDate(0, 0, 90).Format("2 January 2006")
	b.says("consent", "90 days, until "+until, "and new ones as they arrive", "withdraw your consent at any time", "Cancel and go back")
	if href := b.attr("#withdraw a", "href"); href != privacyPage {
		t.Errorf("consent: privacy link %q, want %q", href, privacyPage)
	}
	b.run(click("main form button.button"))
	b.waitFor("body.widget #password", "sign-in")
	if b.count("#other-bank") != 1 || b.count(".sandbox-users li") != len(banks.TestUsernames()) {
		t.Errorf("sign-in: %d ways to another bank, %d test users listed", b.count("#other-bank"), b.count(".sandbox-users li"))
	}
	b.expectContrast("sign-in", "#username", "border-top-color")
	b.expectFocusRing("sign-in", "#username")
	b.show("sign-in")
	b.run(typeInto("#username", "otp"), typeInto("#password", "wrong"), click("main form.stack button"))
	b.waitFor("#login-error", "sign-in-error")
	if b.attr("#password", "aria-invalid") != "true" || !strings.Contains(b.attr("#password", "aria-describedby"), "login-error") {
		t.Error("sign-in: the error is not tied to the password field")
	}
	b.show("sign-in-error")
	b.run(typeInto("#password", banks.TestPassword), click("main form.stack button"))
	b.waitFor("#code", "one-time-code")
	b.show("one-time-code")
	b.says("one-time-code", "the one-time code is "+banks.TestOneTimeCode)
	b.run(typeInto("#code", "000000"), click("main form.stack button"))
	b.waitFor("#login-error", "one-time-code-error")
	if b.attr("#code", "aria-describedby") != "login-error code-hint" {
		t.Errorf("one-time code: described by %q", b.attr("#code", "aria-describedby"))
	}
	b.show("one-time-code-error")
	b.run(typeInto("#code", banks.TestOneTimeCode), click("main form.stack button"))
	b.waitFor("#accounts", "connected")
	b.show("connected")
	b.says("connected", "Accounts connected", "until "+until)
	if b.count("#accounts li") == 0 {
		t.Error("the success page names no account")
	}
	b.run(click("#continue"))
	b.landed()
}

func TestTourRedirectBankFailures(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "banks")
	b.run(click(`a.bank[href*="bank=redirect-scenario"]`))
	b.waitFor("ul.data", "consent")
	b.says("consent", "Contact it in the app or on the website that sent you here.")
	b.run(click("main form button.button"))
	b.waitFor("body.mockbank #username", "bank")
	bankPage := b.location()
	b.says("bank", "Acme Lending asks to see your accounts")
	if n := b.count(".sandbox-users li"); n != len(banks.TestUsernames())-1 { // otp asks no code here
		t.Errorf("the bank lists %d test users", n)
	}
	if bg := b.style(".bank-bar .logo", "background-color"); bg != "rgb(255, 255, 255)" {
		t.Errorf("the bank's logo sits on %s, not on a white tile", bg)
	}
	b.show("bank-sign-in")
	b.run(typeInto("#username", "sca-fail"), typeInto("#password", "wrong"), click(`button[value="approve"]`))
	b.waitFor("body.mockbank .alert", "bank-error")
	if b.attr("#username", "aria-invalid") != "true" || b.attr("#username", "aria-describedby") != "sca-error" {
		t.Error("bank sign-in: the error is not tied to its fields")
	}
	b.show("bank-sign-in-error")
	b.run(typeInto("#password", banks.TestPassword), click(`button[value="approve"]`))
	b.waitFor("#retry", "sca-failed")
	b.show("sca-failed")
	if !strings.HasSuffix(b.attr("#other-bank", "href"), "/banks") {
		t.Error("the refusal offers no other bank")
	}
	if cls := b.attr("#retry", "class"); cls != "button" || !strings.Contains(b.attr("#retry", "href"), "consent?bank=redirect-scenario") {
		t.Errorf("after a refused sign-in, Try again is %q to %s; want the main button to the same bank", cls, b.attr("#retry", "href"))
	}
	b.run(click("#retry"))
	b.waitFor("ul.data", "consent-again")
	b.run(click("main form button.button"))
	b.waitFor("body.mockbank #username", "bank-again")
	b.run(click(`button[value="cancel"]`))
	b.waitFor("#continue", "cancelled")
	b.show("cancelled")
	if b.count(".mark.bad") != 0 || b.count("#retry") != 1 {
		t.Error("a cancellation is shown as an alarm, or without a way to try again")
	}
	b.run(chromedp.Navigate(bankPage))
	b.waitFor(".notice", "bank-link-used")
	b.show("bank-link-used")
	b.says("bank-link-used", "no longer works", "has been used or replaced", "ask it for a new link")
	if b.count(`a[href="/"]`) != 0 {
		t.Error("a bank customer is offered the developer site")
	}
	b.run(click("#continue"))
	b.waitFor("#result #other-bank", "back-from-used-link")
	b.says("back-from-used-link", "nothing was shared with Acme Lending")
}

func TestTourOneTimeFetchFailures(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widgetWith(t, func(r *widgets.Request) { r.Access = aggregation.OneTime })
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "banks")
	b.run(click(`a.bank[href*="bank=embedded-scenario"]`))
	b.waitFor("#withdraw", "consent-one-time")
	b.show("consent-one-time")
	b.says("consent-one-time", "One time only", "until "+time.Now().UTC().Add(24*time.Hour).Format("2 January 2006"))
	b.never("consent-one-time", "as they arrive", "refreshed daily")
	b.run(click("main form button.button"))
	b.waitFor("body.widget #password", "sign-in")
	b.run(typeInto("#username", "provider-error"), typeInto("#password", banks.TestPassword), click("main form.stack button"))
	b.waitFor("#retry", "fetch-failed")
	b.show("fetch-failed")
	b.never("fetch-failed", "try again later", "will try again")
	if cls := b.attr("#retry", "class"); cls != "button" {
		t.Errorf("after a failed one-time fetch, Try again is %q, want the main button", cls)
	}
	b.run(click("#retry"))
	b.waitFor("ul.data", "consent-again")
	b.run(click("main form button.button"))
	b.waitFor("body.widget #password", "sign-in-again")
	b.run(typeInto("#username", "consent-error"), typeInto("#password", banks.TestPassword), click("main form.stack button"))
	b.waitFor("#retry", "fetch-failed-renew")
	b.show("fetch-failed-renew")
}
