package widget_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/views"
	widgets "openbank/widget"
)

// slowFetch is how long the "slow" test user's fetch takes in these tests:
// long enough to look at the progress page twice.
const slowFetch = "20s"

// pastSlow moves the server's clock past widgets.SlowAfter from the
// fetch's request, which the database stamps with the wall clock.
const pastSlow = widgets.SlowAfter + time.Minute

func TestTourProgressOfASlowFetch(t *testing.T) {
	t.Parallel()
	e, b := newEnv(t, map[string]string{"MOCK_SLOW_FETCH": slowFetch}), newTab(t)
	w := e.widget(t, landing().URL+"/back", true)
	b.openEmbedded(w.URL)
	b.waitFor("body.widget #password", "sign-in")
	b.run(typeInto("#username", "slow"), typeInto("#password", banks.TestPassword), click("main form.stack button"))
	b.waitFor("section.result.waiting", "progress")
	if b.count(`meta[http-equiv="refresh"]`) != 0 {
		t.Error("with script on, the progress page still reloads itself")
	}
	b.show("progress")
	if b.count("#slow:not([hidden])") != 0 {
		t.Error("a fetch that just started is called slow")
	}
	e.clock.Advance(pastSlow)
	b.waitFor("#slow:not([hidden])", "progress-slow")
	b.show("progress-slow")
	b.says("progress-slow", "Still working: large histories take up to a minute")
	b.waitFor("#accounts", "connected")
	b.run(click("#continue"))
	b.landed()
}

// Without script the progress page reloads itself every 5 s or more, and
// says after 10 s that the fetch is slow.
func TestProgressWithoutScript(t *testing.T) {
	t.Parallel()
	e := newEnv(t, map[string]string{"MOCK_SLOW_FETCH": slowFetch})
	w := e.widget(t, landing().URL+"/back", true)
	br := newBrowser(t, e.base)
	br.do("GET", w.URL, nil)
	path := fmt.Sprintf("/widget/w/%d", w.Widget.ID)
	csrf := br.page(path+"/consent?bank=embedded-scenario", 200).Find("input[name=csrf_token]").AttrOr("value", "")
	resp, _ := br.do("POST", path+"/consent", url.Values{"csrf_token": {csrf}, "bank": {"embedded-scenario"}})
	conn := strings.TrimPrefix(resp.Header.Get("Location"), path+"/login?c=")
	br.do("POST", path+"/login", url.Values{"csrf_token": {csrf}, "c": {conn}, "username": {"slow"}, "password": {banks.TestPassword}})
	progress := path + "/progress?c=" + conn
	doc := br.page(progress, 200)
	refresh := doc.Find("noscript").Text()
	if want := fmt.Sprintf(`content="%d;url=%s"`, views.RefreshSeconds, progress); views.RefreshSeconds < 5 || !strings.Contains(refresh, want) {
		t.Errorf("noscript refresh %q, want %s", refresh, want)
	}
	if src := doc.Find("script[src]").AttrOr("src", ""); !strings.HasPrefix(src, "/widget/progress.js?v=") {
		t.Errorf("progress script %q", src)
	}
	if _, ok := doc.Find("#slow").Attr("hidden"); !ok {
		t.Error("a fetch that just started is called slow")
	}
	e.clock.Advance(pastSlow)
	if _, ok := br.page(progress, 200).Find("#slow").Attr("hidden"); ok {
		t.Error("after 10 s the page does not say the fetch is slow")
	}
	if resp, body := br.do("GET", path+"/status?c="+conn, nil); resp.StatusCode != 200 || body != `{"done":false,"slow":true}` {
		t.Errorf("status: %d %s", resp.StatusCode, body)
	}
	if resp, body := br.do("GET", "/widget/progress.js", nil); resp.StatusCode != 200 || !strings.Contains(body, "data-status") {
		t.Errorf("script: %d", resp.StatusCode)
	}
}
