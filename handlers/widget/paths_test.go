package widget_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/store"
	widgets "openbank/widget"
)

// The browser paths drive headless chromium at 360 px through the widget,
// the mock bank pages and back to the client, against a real server.

func TestBrowserRedirectSuccess(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	u := b.redirectBank(w.URL, "user", false)
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,ok", id))
	e.expectConnected(t, id)
}

func TestBrowserEmbeddedSuccessByKeyboard(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	b.run(chromedp.Navigate(w.URL))
	b.waitFor("ul.banks", "banks")
	b.run(chromedp.Focus("#q"), chromedp.SendKeys("#q", "embedded\r"))
	b.waitFor(`#q[value="embedded"]`, "search")
	b.run(chromedp.Focus("a.bank"), chromedp.KeyEvent("\r"))
	b.waitFor("ul.data", "consent")
	b.run(chromedp.Focus("main form button.button"), chromedp.KeyEvent("\r"))
	u := b.embeddedSignIn("user", "")
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,ok", id))
	e.expectConnected(t, id)
}

func TestBrowserEmbeddedOneTimeCode(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	b.openEmbedded(w.URL)
	u := b.embeddedSignIn("otp", banks.TestOneTimeCode)
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,ok", id))
	e.expectConnected(t, id)
}

func TestBrowserSCAFailure(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	u := b.redirectBank(w.URL, "sca-fail", false)
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,fail", id))
	e.expectConsent(t, id, "fail")
}

func TestBrowserSCAAbandoned(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	u := b.redirectBank(w.URL, "", true)
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,new", id))
	e.expectConsent(t, id, "new")
}

func TestBrowserWidgetErrors(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	many := e.widget(t, landing().URL+"/back", true)
	for i := range widgets.DefaultMaxOpenings {
		b.run(chromedp.Navigate(many.URL))
		b.waitFor("ul.banks", fmt.Sprintf("opening-%d", i+1))
	}
	b.run(chromedp.Navigate(many.URL))
	e.expectReturn(t, b.landed(), "", fmt.Sprintf("widgetId=%d,tooManyOpenings", many.Widget.ID))

	token, _ := e.widgets.SignLink(context.Background(), widgets.Link{WidgetID: 999999, Nonce: "gone",
		ReturnTo: landing().URL + "/back", ReturnWidgetIDError: true})
	b.run(chromedp.Navigate(fmt.Sprintf("%s/widget/w/999999?t=%s", e.base, token)))
	e.expectReturn(t, b.landed(), "", "widgetId=0,notFound")

	late := e.widget(t, landing().URL+"/back", true)
	e.clock.Advance(widgets.DefaultTTL + time.Second)
	b.run(chromedp.Navigate(late.URL))
	e.expectReturn(t, b.landed(), "", fmt.Sprintf("widgetId=%d,expired", late.Widget.ID))
}

func TestBrowserReconnectOfAnExpiredConsent(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	ctx := context.Background()
	first, err := e.svc.Connect(ctx, aggregation.ConnectRequest{ClientID: clientID, SubjectID: "42", Provider: banks.EmbeddedScenario,
		Access: aggregation.Recurring, Credentials: &banks.Credentials{Username: "expire-soon", Password: banks.TestPassword},
		RequestID: uuid.NewString()})
	if err != nil {
		t.Fatal(err)
	}
	id := first.Connection.ID
	e.waitFetched(t, id)
	before, _ := e.svc.Store.Accounts(ctx, clientID, id)
	e.clock.Advance(banks.ExpiringAfter + time.Minute)
	if c := e.connection(t, id); !c.ConsentValidUntil.Time.Before(e.clock.Now()) {
		t.Fatal("the consent has not expired")
	}
	re, err := e.widgets.CreateReconnect(ctx, widgets.ReconnectRequest{ClientID: clientID, ConnectionID: id,
		ReturnTo: landing().URL + "/renewed", ReturnConnectionID: true, ReturnWidgetIDError: true, RequestID: uuid.NewString()})
	if err != nil {
		t.Fatal(err)
	}
	b.run(chromedp.Navigate(re.URL))
	b.waitFor("ul.data", "consent")
	b.run(click("main form button.button"))
	u := b.embeddedSignIn("user", "")
	e.expectReturn(t, u, "", fmt.Sprintf("connectionId=%d,ok", id))
	c := e.expectConnected(t, id)
	after, _ := e.svc.Store.Accounts(ctx, clientID, id)
	if !c.ConsentValidUntil.Time.After(e.clock.Now()) || len(after) != len(before) || after[0].ID != before[0].ID {
		t.Fatalf("after reconnect: valid until %v, accounts %v -> %v", c.ConsentValidUntil.Time, before, after)
	}
}

func TestBrowserFlagsOff(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back", false)
	u := b.redirectBank(w.URL, "user", false)
	if u.String() != landing().URL+"/back" {
		t.Fatalf("landed on %s, want returnTo unchanged", u)
	}
	e.expectConnected(t, e.onlyConnection(t, w))
}

func TestBrowserReturnToKeepsItsQuery(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, nil), newTab(t)
	w := e.widget(t, landing().URL+"/back?order=7&lang=en", true)
	b.openEmbedded(w.URL)
	u := b.embeddedSignIn("user", "")
	id := e.onlyConnection(t, w)
	e.expectReturn(t, u, "order=7&lang=en&", fmt.Sprintf("connectionId=%d,ok", id))
	e.expectConnected(t, id)
}

// redirectBank goes through Redirect Scenario's own sign-in page: a wrong
// password first, then user (or cancel), and back to the client.
func (b *tab) redirectBank(link, user string, cancel bool) *url.URL {
	b.run(chromedp.Navigate(link))
	b.waitFor("ul.banks", "banks")
	b.run(click(`a.bank[href*="bank=redirect-scenario"]`))
	b.waitFor("ul.data", "consent")
	b.run(click("main form button.button"))
	b.waitFor("body.mockbank #username", "bank-sign-in")
	if cancel {
		b.run(click(`button[value="cancel"]`))
	} else {
		b.run(typeInto("#username", user), typeInto("#password", "wrong"), click(`button[value="approve"]`))
		b.waitFor("body.mockbank .alert", "bank-wrong-password")
		b.run(typeInto("#password", banks.TestPassword), click(`button[value="approve"]`))
	}
	b.waitFor("#continue", "result")
	b.run(click("#continue"))
	return b.landed()
}

func (b *tab) openEmbedded(link string) {
	b.run(chromedp.Navigate(link))
	b.waitFor("ul.banks", "banks")
	b.run(click(`a.bank[href*="bank=embedded-scenario"]`))
	b.waitFor("ul.data", "consent")
	b.run(click("main form button.button"))
}

// embeddedSignIn signs in inside the widget, with a wrong code first when
// the bank asks for one, and goes back to the client.
func (b *tab) embeddedSignIn(user, code string) *url.URL {
	b.waitFor("body.widget #password", "sign-in")
	b.run(typeInto("#username", user), typeInto("#password", banks.TestPassword), click("main form.stack button"))
	if code != "" {
		b.waitFor("#code", "one-time-code")
		b.run(typeInto("#code", "000000"), click("main form.stack button"))
		b.waitFor("#login-error", "one-time-code-wrong")
		b.run(typeInto("#code", code), click("main form.stack button"))
	}
	b.waitFor("#continue", "result")
	b.run(click("#continue"))
	return b.landed()
}

// onlyConnection is the one connection the widget created.
func (e *env) onlyConnection(t *testing.T, w *widgets.Created) int64 {
	t.Helper()
	list, err := e.svc.Store.WidgetConnections(context.Background(), w.Widget.ID)
	if err != nil || len(list) != 1 {
		t.Fatalf("widget connections: %+v %v", list, err)
	}
	return list[0].ConnectionID
}

// expectReturn checks the landing address's query: the client's own
// parameters (prefix) and then exactly the widget's one.
func (e *env) expectReturn(t *testing.T, u *url.URL, prefix, param string) {
	t.Helper()
	if u.RawQuery != prefix+param {
		t.Fatalf("returned with ?%s, want ?%s%s", u.RawQuery, prefix, param)
	}
}

func (e *env) expectConsent(t *testing.T, id int64, status string) *store.Connection {
	t.Helper()
	c := e.connection(t, id)
	if c.LastConsentStatus.String != status {
		t.Fatalf("connection %d: consent %q, want %q", id, c.LastConsentStatus.String, status)
	}
	return c
}

func (e *env) expectConnected(t *testing.T, id int64) *store.Connection {
	t.Helper()
	c := e.expectConsent(t, id, "ok")
	if !c.LastSuccessfulFetchAt.Valid || !strings.HasPrefix(landing().URL, "http://127.0.0.1") {
		t.Fatalf("connection %d has no successful fetch: %+v", id, c)
	}
	return c
}
