package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"openbank/banks"
	"openbank/oauth"
)

// TestDocsCallbackShowsAWidgetReturn connects a bank in the widget with
// /docs/callback as returnTo, as the documentation does: the page shows
// the connectionId the widget appended and what it means.
func TestDocsCallbackShowsAWidgetReturn(t *testing.T) {
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{in.base}})
	code, w := a.call("POST", "/widget/connect", map[string]any{"subjectId": 7, "countryCodes": []string{"XF"},
		"returnTo": in.base + "/docs/callback", "returnConnectionId": true, "access": "recurring"})
	if code != 201 {
		t.Fatalf("connect: %d %v", code, w)
	}
	b := newConsoleTab(t)
	b.run(chromedp.Navigate(w["url"].(string)))
	b.waitFor(`a.bank[href*="bank=redirect-scenario"]`)
	b.run(chromedp.Click(`a.bank[href*="bank=redirect-scenario"]`))
	b.waitFor("form.agree button")
	b.run(chromedp.Click("form.agree button"))
	b.waitFor("body.mockbank #username")
	b.run(chromedp.SendKeys("#username", "user"), chromedp.SendKeys("#password", banks.TestPassword),
		chromedp.Click(`button[value="approve"]`))
	b.waitFor("#accounts")
	b.run(chromedp.Click("#continue"))
	b.waitFor("#widget-return")
	var id int64
	if err := in.db.Get(&id, `SELECT id FROM connections WHERE subject_id = '7'`); err != nil {
		t.Fatal(err)
	}
	got := b.text("#widget-return")
	if !strings.Contains(got, fmt.Sprintf("connectionId=%d,ok", id)) || !strings.Contains(got, "the subject connected this bank") {
		t.Fatalf("widget return shown as %q", got)
	}
	if strings.Contains(b.text("main"), "Nothing arrived") {
		t.Fatal("the page says nothing arrived")
	}
	b.shoot("docs-callback-widget")
}

// TestLandingPageFitsAPhone opens the landing page at 360 px: no card is
// wider than the screen, long addresses included.
func TestLandingPageFitsAPhone(t *testing.T) {
	in := newInstance(t)
	b := newConsoleTab(t)
	b.run(chromedp.EmulateViewport(360, 780), chromedp.Navigate(in.base+"/"))
	b.waitFor(".cards .card code")
	wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`[...document.querySelectorAll(".card")]
		.filter(c => c.scrollWidth > c.clientWidth || c.getBoundingClientRect().right > window.innerWidth)
		.map(c => c.querySelector("h3").innerText + " " + c.getBoundingClientRect().width).join(", ")`))
	if err != nil || wide != "" {
		t.Fatalf("cards wider than the phone: %q (%v)", wide, err)
	}
	page, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil || page > 360 {
		t.Fatalf("the page is %d px wide at 360 (%v)", page, err)
	}
}
