package widget_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	widgets "openbank/widget"
)

func TestTourLinksThatCannotBeUsed(t *testing.T) {
	t.Parallel()
	e, tb := newEnv(t, map[string]string{"WIDGET_MAX_OPENINGS": "1"}), newTab(t)
	w := e.widget(t, landing().URL+"/back", false)
	tb.run(chromedp.Navigate(strings.Replace(w.URL, "?t=", "?t=x", 1)))
	tb.waitFor(".notice", "link-invalid")
	tb.show("link-invalid")
	tb.says("link-invalid", "Ask the app or website that sent you here for a new link")
	if tb.count(`a[href="/"]`)+tb.count("#continue") != 0 {
		t.Error("a forged link offers a way somewhere")
	}
	fresh := e.widget(t, landing().URL+"/back", false)
	tb.run(chromedp.Navigate(fmt.Sprintf("%s/widget/w/%d/banks", e.base, fresh.Widget.ID)))
	tb.waitFor(".notice", "visit-needed")
	tb.show("visit-needed")
	if tb.attr("#continue", "href") != landing().URL+"/back" {
		t.Errorf("a page reached without the link's visit leads to %q, not back to returnTo", tb.attr("#continue", "href"))
	}
	tb.run(chromedp.Navigate(w.URL))
	tb.waitFor("ul.banks", "opened")
	tb.run(chromedp.Navigate(w.URL))
	tb.waitFor("#continue", "link-too-many")
	tb.show("link-too-many")
	tb.says("link-too-many", "opened too many times", "Go back to Acme Lending")
	tb.run(click("#continue"))
	if u := tb.landed(); u.String() != landing().URL+"/back" {
		t.Errorf("went back to %s, want returnTo unchanged", u)
	}
	late := e.widget(t, landing().URL+"/back", false)
	e.clock.Advance(widgets.DefaultTTL + time.Second)
	tb.run(chromedp.Navigate(late.URL))
	tb.waitFor("#continue", "link-expired")
	tb.show("link-expired")
	tb.says("link-expired", "This link has expired")
}

// A link refused with returnWidgetIdError false explains itself in a page
// (not a silent redirect); with it true the client is told in returnTo.
func TestRefusedOpeningPageOrRedirect(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, flags := range []bool{false, true} {
		w := e.widget(t, landing().URL+"/back", flags)
		e.clock.Advance(widgets.DefaultTTL + time.Second)
		resp, body := newBrowser(t, e.base).do("GET", w.URL, nil)
		switch {
		case !flags && (resp.StatusCode != http.StatusGone || !strings.Contains(body, `href="`+landing().URL+`/back"`)):
			t.Errorf("flag off: %d, want 410 with a button back to returnTo\n%s", resp.StatusCode, body)
		case flags && (resp.StatusCode != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), ",expired")):
			t.Errorf("flag on: %d %s, want a redirect naming the error", resp.StatusCode, resp.Header.Get("Location"))
		}
	}
}
