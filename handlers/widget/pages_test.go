package widget_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/uuid"

	"openbank/handlers/widget"
)

// browser is a cookie-keeping client that does not follow redirects.
type browser struct {
	t      *testing.T
	client *http.Client
	base   string
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, client: noRedirects(jar), base: base}
}

func (b *browser) do(method, path string, form url.Values) (*http.Response, string) {
	b.t.Helper()
	if !strings.HasPrefix(path, "http") {
		path = b.base + path
	}
	req, _ := http.NewRequest(method, path, strings.NewReader(form.Encode()))
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func (b *browser) page(path string, status int) *goquery.Document {
	b.t.Helper()
	resp, body := b.do("GET", path, nil)
	if resp.StatusCode != status {
		b.t.Fatalf("GET %s: %d, want %d\n%s", path, resp.StatusCode, status, body)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	return doc
}

// accessible checks what every page must have: a language, a title, a
// label for every visible input, and a weight under 100 KB.
func accessible(t *testing.T, doc *goquery.Document) {
	t.Helper()
	if lang, _ := doc.Find("html").Attr("lang"); lang != "en" || doc.Find("title").Text() == "" {
		t.Errorf("lang %q title %q", lang, doc.Find("title").Text())
	}
	doc.Find("input:not([type=hidden])").Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("id")
		if id == "" || doc.Find(fmt.Sprintf("label[for=%q]", id)).Length() != 1 {
			t.Errorf("input %q has no label", id)
		}
	})
	if html, _ := doc.Html(); len(html) > 100<<10 {
		t.Errorf("page weighs %d bytes", len(html))
	}
}

func TestWidgetPagesShowBanksConsentAndSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	w := e.widget(t, landing().URL+"/back", true)
	b := newBrowser(t, e.base)
	resp, _ := b.do("GET", w.URL, nil)
	path := fmt.Sprintf("/widget/w/%d", w.Widget.ID)
	cookie := resp.Header.Get("Set-Cookie")
	if resp.StatusCode != 303 || resp.Header.Get("Location") != path+"/banks" || !strings.Contains(cookie, "Path="+path) ||
		!strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
		t.Fatalf("opening: %d %s %s", resp.StatusCode, resp.Header.Get("Location"), cookie)
	}
	resp, _ = b.do("GET", path+"/banks", nil)
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors "+landing().URL) || resp.Header.Get("X-Frame-Options") != "" {
		t.Fatalf("framing headers: %v", resp.Header)
	}
	doc := b.page(path+"/banks", 200)
	accessible(t, doc)
	if n := doc.Find("ul.banks a.bank").Length(); n != 7 {
		t.Fatalf("%d banks listed, want the 7 mock banks", n)
	}
	doc = b.page(path+"/banks?q=CONSUMER", 200)
	if n := doc.Find("ul.banks a.bank").Length(); n != 3 || doc.Find("#q").AttrOr("value", "") != "CONSUMER" {
		t.Fatalf("search kept %d banks", n)
	}
	if doc = b.page(path+"/banks?q=nothing+like+it", 200); doc.Find(".empty").Length() != 1 {
		t.Fatal("an empty search says nothing")
	}
	doc = b.page(path+"/consent?bank=embedded-scenario", 200)
	accessible(t, doc)
	text := doc.Find("main").Text()
	if !strings.Contains(text, "Acme Lending") || !strings.Contains(text, "90 days") || !strings.Contains(text, "Transactions") {
		t.Fatalf("consent page does not say who gets what for how long: %s", text)
	}
	csrf := doc.Find("input[name=csrf_token]").AttrOr("value", "")
	for _, bad := range []string{"", "forged"} {
		if resp, _ := b.do("POST", path+"/consent", url.Values{"csrf_token": {bad}, "bank": {"embedded-scenario"}}); resp.StatusCode != 403 {
			t.Fatalf("POST with csrf %q: %d, want 403", bad, resp.StatusCode)
		}
	}
	resp, _ = b.do("POST", path+"/consent", url.Values{"csrf_token": {csrf}, "bank": {"embedded-scenario"}})
	login := resp.Header.Get("Location")
	if resp.StatusCode != 303 || !strings.HasPrefix(login, path+"/login?c=") {
		t.Fatalf("agree: %d %s", resp.StatusCode, login)
	}
	doc = b.page(login, 200)
	accessible(t, doc)
	conn := doc.Find("input[name=c]").First().AttrOr("value", "")
	resp, body := b.do("POST", path+"/login", url.Values{"csrf_token": {csrf}, "c": {conn}, "username": {"user"}, "password": {"wrong"}})
	if resp.StatusCode != 422 || !strings.Contains(body, `role="alert"`) {
		t.Fatalf("wrong password: %d", resp.StatusCode)
	}
	if resp, _ := newBrowser(t, e.base).do("GET", path+"/banks", nil); resp.StatusCode != 403 {
		t.Fatalf("a page without the widget's cookie: %d, want 403", resp.StatusCode)
	}
}

func TestUntrustedLinksGetAPageAndMockBankFormsNeedTheirToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	w := e.widget(t, landing().URL+"/back", true)
	b := newBrowser(t, e.base)
	forged := strings.Replace(w.URL, "?t=", "?t=x", 1)
	other := strings.Replace(w.URL, fmt.Sprintf("/w/%d?", w.Widget.ID), fmt.Sprintf("/w/%d?", w.Widget.ID+1), 1)
	for _, link := range []string{forged, other, e.base + "/widget/w/abc?t=1"} {
		if resp, _ := b.do("GET", link, nil); resp.StatusCode != 404 || resp.Header.Get("Location") != "" {
			t.Fatalf("%s: %d %s, want an error page and no redirect", link, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	if resp, _ := b.do("POST", "/mockbank/redirect-scenario/sca", url.Values{"token": {"t"}, "username": {"user"}}); resp.StatusCode != 403 {
		t.Fatalf("mock bank POST without csrf: %d", resp.StatusCode)
	}
	if resp, _ := b.do("GET", "/mockbank/redirect-scenario/sca?token=unknown", nil); resp.StatusCode != 404 {
		t.Fatalf("mock bank page with an unknown token: %d", resp.StatusCode)
	}
}

func TestCookieCrossesSitesOverHTTPS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, map[string]string{"PUBLIC_URL": "https://openbank.example"})
	w := e.widget(t, landing().URL+"/back", false)
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, httptest.NewRequest("GET", strings.TrimPrefix(w.URL, "https://openbank.example"), nil))
	cookie := rec.Header().Get("Set-Cookie")
	for _, want := range []string{"SameSite=None", "Secure", "Partitioned", "HttpOnly"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("cookie %q lacks %s", cookie, want)
		}
	}
}

func TestStatisticsFollowTheSubject(t *testing.T) {
	t.Parallel()
	e := newEnv(t, map[string]string{"WIDGET_MAX_OPENINGS": "2"})
	done := e.widget(t, landing().URL+"/back", true)
	b := newBrowser(t, e.base)
	b.do("GET", done.URL, nil)
	path := fmt.Sprintf("/widget/w/%d", done.Widget.ID)
	csrf := b.page(path+"/consent?bank=embedded-scenario", 200).Find("input[name=csrf_token]").AttrOr("value", "")
	resp, _ := b.do("POST", path+"/consent", url.Values{"csrf_token": {csrf}, "bank": {"embedded-scenario"}})
	conn := strings.TrimPrefix(resp.Header.Get("Location"), path+"/login?c=")
	b.do("POST", path+"/login", url.Values{"csrf_token": {csrf}, "c": {conn}, "username": {"user"}, "password": {"secret"}})
	refused := e.widget(t, landing().URL+"/back", true)
	for range 3 {
		b.do("GET", refused.URL, nil)
	}
	rec := call(t, api(e), "GET", "/aggregation/v3.11.0/widget/statistics?subjectId=42", uuid.NewString(), nil)
	var got widget.Statistics
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || len(got.Widgets) != 2 {
		t.Fatalf("statistics: %d %s", rec.Code, rec.Body)
	}
	first, second := got.Widgets[1], got.Widgets[0]
	if first.Openings != 1 || first.FirstOpenedAt == nil || first.FurthestStep != "scaCompleted" || first.Outcome != "ok" ||
		len(first.Connections) != 1 || fmt.Sprint(first.Connections[0].ConnectionID) != conn || first.Connections[0].ConsentStatus != "ok" {
		t.Fatalf("completed widget: %+v", first)
	}
	if second.Openings != 3 || second.Outcome != "tooManyOpenings" || second.FurthestStep != "opened" || len(second.Connections) != 0 {
		t.Fatalf("refused widget: %+v", second)
	}
}
