package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// startSandboxInstance is a server whose redirect mock banks are served
// by its sandbox and reached through the connector.
func startSandboxInstance(t *testing.T) *instance {
	t.Helper()
	return startInstanceWith(t, map[string]string{"SANDBOX_ADDR": "127.0.0.1:0", "DATA_DIR": t.TempDir()})
}

// startInstanceWith serves a new server on a fresh database with the
// given configuration besides the tests' usual one.
func startInstanceWith(t *testing.T, env map[string]string) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cfg, err := LoadConfig(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return map[string]string{"PUBLIC_URL": base, "FETCH_LATENCY": "0s", "MOCK_SLOW_FETCH": "0s", "JOB_LEASE": "3s"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	dbURL := storetest.NewURL(t)
	cfg.DatabaseURL, cfg.ShutdownDrain = dbURL, 0
	db := storetest.OpenDB(t, dbURL, 10)
	st := store.New(db)
	s, err := NewServer(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	return &instance{Server: s, base: base, db: db, st: st}
}

// TestSandboxConnection connects each redirect mock bank over HTTP: the
// subject goes to the sandbox's sign-in page, back to Openbank's return
// address, then to the client's returnTo; the first fetch reads the data
// through the connector, and deleting the connection ends the consent.
func TestSandboxConnection(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{ReturnOrigins: []string{"https://app.example"}})
	browser := browser()
	for _, bank := range []string{banks.RedirectScenario, banks.ConsumerMultiAccount} {
		p, err := in.agg.Banks.Bank(bank)
		if _, isConnector := p.(*xs2a.Connector); err != nil || !isConnector {
			t.Fatalf("%s is not reached through the connector", bank)
		}
		code, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-1", "provider": bank,
			"access": "recurring", "returnTo": "https://app.example/back"})
		start, _ := conn["scaRedirectUrl"].(string)
		if code != 201 || !strings.HasPrefix(start, in.base+"/mockbank/"+bank+"/sca?token=") {
			t.Fatalf("%s: %d %v", bank, code, conn)
		}
		// The bank is asked for the consent when the subject opens the link.
		resp, err := browser.Get(start)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		link := resp.Header.Get("Location")
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(link, in.base+"/sandbox/"+bank+"/sca/") {
			t.Fatalf("%s: the link answered %d to %q", bank, resp.StatusCode, link)
		}
		page, err := browser.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(page.Body)
		page.Body.Close()
		if page.StatusCode != 200 || !strings.Contains(string(html), "Sign in and approve") {
			t.Fatalf("%s: the sign-in page answered %d:\n%s", bank, page.StatusCode, html)
		}
		resp, err = browser.PostForm(link, url.Values{"csrf_token": {csrfToken(t, string(html))}, "username": {"user"}, "password": {banks.TestPassword}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back := resp.Header.Get("Location")
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(back, in.base+"/mockbank/"+bank+"/return?token=") {
			t.Fatalf("%s: sign-in answered %d to %q", bank, resp.StatusCode, back)
		}
		resp, err = browser.Get(back)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := fmt.Sprintf("https://app.example/back?connectionId=%.0f,ok", conn["id"])
		if got := resp.Header.Get("Location"); got != want {
			t.Fatalf("%s: the return went to %q (%d), want %q", bank, got, resp.StatusCode, want)
		}
		settled := a.settled(conn["id"])
		_, accts := a.call("GET", fmt.Sprintf("/accounts?connectionId=%.0f", conn["id"]), nil)
		if settled["lastConsentStatus"] != "ok" || settled["lastSuccessfulFetchAt"] == nil || len(accts["accounts"].([]any)) == 0 {
			t.Fatalf("%s: %v %v", bank, settled, accts)
		}
		if code, _ := a.call("DELETE", fmt.Sprintf("/connections/%.0f", conn["id"]), nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
	}
}

// TestSandboxDailyAccessLimit: a consent's refetches without the subject
// stop at the bank's allowance of the day (4, one kept for the daily
// refresh), with 409 and code 4091.
func TestSandboxDailyAccessLimit(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{ReturnOrigins: []string{"https://app.example"}})
	_, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-2", "provider": banks.ConsumerLowRisk,
		"access": "recurring", "returnTo": "https://app.example/back"})
	signIn(t, conn["scaRedirectUrl"].(string))
	a.settled(conn["id"])
	path := fmt.Sprintf("/connections/%.0f/refetch", conn["id"])
	for i := range 3 { // the fourth access of the day is kept for the daily refresh
		if code, body := a.call("POST", path, map[string]any{}); code != 202 {
			t.Fatalf("refetch %d: %d %v", i+1, code, body)
		}
		a.settled(conn["id"])
	}
	code, body := a.call("POST", path, map[string]any{})
	fault, _ := body["fault"].(map[string]any)
	if code != 409 || fault["code"] != float64(4091) {
		t.Fatalf("a fourth refetch: %d %v", code, body)
	}
	if _, err := in.db.Exec(`INSERT INTO fetches (connection_id, trigger, status) VALUES ($1, 'daily', 'succeeded')`, int64(conn["id"].(float64))); err != nil {
		t.Fatal(err)
	}
	if code, body := a.call("POST", path, map[string]any{}); code != 409 {
		t.Fatalf("a refetch after the refresh made four: %d %v", code, body)
	}
}

// TestConsoleShowsBankHealth: the dashboard says which banks reached over
// the network answer and which one is down; the subject sent to the down
// bank gets a page that says so (503), not a 500.
func TestConsoleShowsBankHealth(t *testing.T) {
	t.Parallel()
	down := filepath.Join(t.TempDir(), "banks.yaml")
	os.WriteFile(down, []byte(`banks:
  - code: downbank
    name: Down Bank
    country: XF
    baseUrl: https://127.0.0.1:1/psd2
    standard: berlin-group
    version: "1.3"
    scaApproaches: [redirect]
    environment: test
`), 0o600)
	in := startInstanceWith(t, map[string]string{"SANDBOX_ADDR": "127.0.0.1:0", "DATA_DIR": t.TempDir(), "BANK_DIRECTORY": down})
	in.consoleUser(t, "root", "root-password", true)
	a, _ := newAggClient(t, in, oauth.ClientSpec{ReturnOrigins: []string{"https://app.example"}})
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-3", "provider": "downbank",
		"returnTo": "https://app.example/back"})
	if code != 201 {
		t.Fatalf("connect to a bank that is down: %d %v", code, conn)
	}
	resp, err := http.Get(conn["scaRedirectUrl"].(string)) // the subject opens the link: the bank is asked now
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(html), "Your bank is not answering") {
		t.Fatalf("the subject at a bank that is down: %d\n%s", resp.StatusCode, html)
	}
	code, conn = a.call("POST", "/connections", map[string]any{"subjectId": "s-3", "provider": banks.RedirectScenario,
		"returnTo": "https://app.example/back"})
	if code != 201 {
		t.Fatalf("connect to the sandbox: %d", code)
	}
	signIn(t, conn["scaRedirectUrl"].(string))
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	status, body := consolePage(t, b, in.base+"/admin/")
	if status != 200 || !strings.Contains(body, `id="banks"`) {
		t.Fatalf("dashboard: %d", status)
	}
	for _, want := range []string{"Down Bank (<code>downbank</code>)", "failing since", "bank unavailable: no answer: connection failed",
		"Redirect Scenario (<code>redirect-scenario</code>)", "answering (last answer"} {
		if !strings.Contains(body, want) {
			t.Errorf("dashboard lacks %q", want)
		}
	}
	rec := httptest.NewRecorder()
	in.Metrics().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{`openbank_bank_answering{bank="downbank"} 0`, `openbank_bank_answering{bank="redirect-scenario"} 1`,
		`openbank_bank_unavailable_total{bank="downbank"} 1`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// signIn follows a connection's SCA link as the subject's browser does:
// to the sandbox bank's page, signed in as the test user, back to
// Openbank, and on to the client.
func signIn(t *testing.T, start string) {
	t.Helper()
	browser := browser()
	resp, err := browser.Get(start)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	resp = approveAtSandboxBank(t, browser, resp.Header.Get("Location"))
	resp.Body.Close()
	if resp, err = browser.Get(resp.Header.Get("Location")); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !strings.Contains(resp.Header.Get("Location"), ",ok") {
		t.Fatalf("the sign-in ended at %q", resp.Header.Get("Location"))
	}
}

// approveAtSandboxBank opens a sandbox bank's sign-in page at link in the
// browser b (which keeps cookies) and posts its form as the test user with
// the page's token; it returns the answer.
func approveAtSandboxBank(t *testing.T, b *http.Client, link string) *http.Response {
	t.Helper()
	page, err := b.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	resp, err := b.PostForm(link, url.Values{"csrf_token": {csrfToken(t, string(html))}, "username": {"user"}, "password": {banks.TestPassword}})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestSandboxSignInPage: a sandbox bank's sign-in page speaks the
// subject's language, refuses a form without its token and changes
// nothing then, and says so when its link is used or names no bank or
// consent the sandbox has (as does the app of an unknown bank).
func TestSandboxSignInPage(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{ReturnOrigins: []string{"https://app.example"}})
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": "s-9", "provider": banks.RedirectScenario,
		"access": "recurring", "returnTo": "https://app.example/back"})
	if code != 201 {
		t.Fatalf("connect: %d %v", code, conn)
	}
	send := browse(t, browser(), "", http.Header{"Accept-Language": {"de-DE,de;q=0.9"}})
	resp, _ := send("GET", conn["scaRedirectUrl"].(string), nil)
	link := resp.Header.Get("Location")
	resp, html := send("GET", link, nil)
	if resp.StatusCode != 200 || !strings.Contains(html, `<html lang="de"`) || resp.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("the sign-in page in German: %d %v\n%s", resp.StatusCode, resp.Header, html)
	}
	for _, token := range []string{"", "forged"} {
		resp, _ = send("POST", link, url.Values{"csrf_token": {token}, "username": {"user"}, "password": {banks.TestPassword}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("a form with the token %q answered %d", token, resp.StatusCode)
		}
	}
	if _, got := a.call("GET", fmt.Sprintf("/connections/%.0f", conn["id"]), nil); got["lastConsentStatus"] != "new" {
		t.Fatalf("a refused form changed the connection: %v", got)
	}
	resp, html = send("POST", link, url.Values{"csrf_token": {csrfToken(t, html)}, "username": {"user"}, "password": {"wrong"}})
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(html, `role="alert"`) || !strings.Contains(html, `<html lang="de"`) {
		t.Fatalf("a wrong password answered %d:\n%s", resp.StatusCode, html)
	}
	if resp, _ = send("POST", link, url.Values{"csrf_token": {csrfToken(t, html)}, "username": {"user"}, "password": {banks.TestPassword}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the sign-in answered %d", resp.StatusCode)
	}
	if resp, html = send("GET", link, nil); resp.StatusCode != http.StatusNotFound || !strings.Contains(html, `<html lang="de"`) {
		t.Fatalf("the used link answered %d:\n%s", resp.StatusCode, html)
	}
	for _, addr := range []string{"/sandbox/no-such-bank/sca/" + path.Base(link), "/sandbox/" + banks.RedirectScenario + "/sca/no-such-consent",
		"/sandbox/no-such-bank/app"} {
		if resp, html = send("GET", in.base+addr, nil); resp.StatusCode != http.StatusNotFound || !strings.Contains(html, `<html lang="de"`) {
			t.Errorf("%s answered %d:\n%s", addr, resp.StatusCode, html)
		}
	}
}

// TestSandboxWidgetJourney: a subject connects a redirect mock bank in
// the widget through the sandbox: the widget asks the bank at once (the
// subject is present) and sends the subject to the bank's page, the bank
// back to Openbank, Openbank back to the widget's result.
func TestSandboxWidgetJourney(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"}})
	code, w := a.call("POST", "/widget/connect", map[string]any{"subjectId": 11, "countryCodes": []string{"XF"},
		"returnTo": "https://app.example/done", "access": "recurring"})
	if code != 201 {
		t.Fatalf("widget: %d %v", code, w)
	}
	jar, _ := cookiejar.New(nil)
	b := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(u string) (*http.Response, string) {
		t.Helper()
		if !strings.HasPrefix(u, "http") {
			u = in.base + u
		}
		resp, err := b.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(body)
	}
	resp, _ := get(w["url"].(string))
	banksPage := resp.Header.Get("Location")
	path := strings.TrimSuffix(banksPage, "/banks")
	_, consentPage := get(path + "/consent?bank=" + banks.RedirectScenario)
	csrf := regexp.MustCompile(`name="csrf_token" value="([^"]+)"`).FindStringSubmatch(consentPage)
	if csrf == nil {
		t.Fatalf("no form token on the consent page (widget at %q):\n%s", banksPage, consentPage)
	}
	resp, err := b.PostForm(in.base+path+"/consent", url.Values{"csrf_token": {csrf[1]}, "bank": {banks.RedirectScenario}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	bankPage := resp.Header.Get("Location")
	if !strings.HasPrefix(bankPage, in.base+"/sandbox/"+banks.RedirectScenario+"/sca/") {
		t.Fatalf("the widget sent the subject to %q (%d)", bankPage, resp.StatusCode)
	}
	resp = approveAtSandboxBank(t, b, bankPage)
	resp.Body.Close()
	resp, _ = get(resp.Header.Get("Location")) // Openbank's return address
	back := resp.Header.Get("Location")
	if !strings.Contains(back, path+"/return?connectionId=") {
		t.Fatalf("the return went to %q (%d)", back, resp.StatusCode)
	}
	id, _ := strconv.ParseFloat(back[strings.LastIndex(back, "=")+1:], 64)
	if got := a.settled(id); got["lastConsentStatus"] != "ok" || got["lastSuccessfulFetchAt"] == nil {
		t.Fatalf("connection after the widget: %v", got)
	}
}
