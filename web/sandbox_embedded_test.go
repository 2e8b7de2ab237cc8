package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/banks/xs2a"
	"openbank/oauth"
)

// TestSandboxEmbeddedConnections: with the sandbox on, the embedded mock
// bank is reached through the connector too, and its test users end as
// in-process (see TestAggregationEndToEnd): the consent's status, the
// fetch's outcome, its error code and whether reconnecting helps; a wrong
// password is the connection's scaError, to try again.
func TestSandboxEmbeddedConnections(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	for _, p := range in.agg.Banks.All() {
		if _, isConnector := p.(*xs2a.Connector); !isConnector {
			t.Errorf("%s is not reached through the connector", p.Info().Code)
		}
	}
	a, _ := newAggClient(t, in, oauth.ClientSpec{})
	for _, tc := range []struct {
		user, consent, fetch, errorCode string
		recoverable                     bool
	}{
		{"user", "ok", "succeeded", "", false},
		{"consent-error", "ok", "failed", "consentRevoked", true},
		{"provider-error", "ok", "failed", "bankUnavailable", false},
		{"maintenance", "ok", "failed", "bankMaintenance", false},
		{"sca-fail", "fail", "", "", false},
		{"sca-abandon", "new", "", "", false},
	} {
		code, conn := a.call("POST", "/connections", map[string]any{"subjectId": 7, "provider": banks.EmbeddedScenario,
			"access": "recurring", "credentials": map[string]string{"username": tc.user, "password": banks.TestPassword}})
		if code != 201 || conn["lastConsentStatus"] != tc.consent {
			t.Fatalf("%s: %d %v", tc.user, code, conn)
		}
		if tc.fetch == "" {
			continue
		}
		a.settled(conn["id"])
		_, fetches := a.call("GET", fmt.Sprintf("/connections/%.0f/fetches", conn["id"]), nil)
		f := fetches["fetches"].([]any)[0].(map[string]any)
		errorCode, _ := f["errorCode"].(string)
		if f["status"] != tc.fetch || errorCode != tc.errorCode || (tc.fetch == "failed" && f["flagErrorRecoverable"] != tc.recoverable) {
			t.Errorf("%s: fetch %v", tc.user, f)
		}
	}
	code, conn := a.call("POST", "/connections", map[string]any{"subjectId": 7, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "user", "password": "wrong"}})
	if code != 201 || conn["lastConsentStatus"] != "new" || conn["scaError"] != "invalidCredentials" {
		t.Errorf("a wrong password: %d %v", code, conn)
	}
}

// TestSandboxEmbeddedWidget: a subject connects the embedded mock bank in
// the widget through the sandbox with the same pages as in-process: the
// widget's sign-in, a wrong one-time code asked again, the right one, and
// the connection's first fetch.
func TestSandboxEmbeddedWidget(t *testing.T) {
	t.Parallel()
	in := startSandboxInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"}})
	send, path, csrf, conn := toBankSignIn(t, in, a, 12, banks.EmbeddedScenario)
	login := path + "/login?c=" + conn
	var resp *http.Response
	form := func(fields ...string) url.Values {
		v := url.Values{"csrf_token": {csrf[1]}, "c": {conn}}
		for i := 0; i < len(fields); i += 2 {
			v.Set(fields[i], fields[i+1])
		}
		return v
	}
	if resp, _ = send(http.MethodPost, path+"/login", form("username", "otp", "password", "wrong")); resp.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("a wrong password: %d", resp.StatusCode)
	}
	resp, _ = send(http.MethodPost, path+"/login", form("username", "otp", "password", banks.TestPassword))
	if resp.Header.Get("Location") != login {
		t.Fatalf("the password step went to %q (%d), not the code", resp.Header.Get("Location"), resp.StatusCode)
	}
	if _, page := send(http.MethodGet, login, nil); !strings.Contains(page, `name="code"`) {
		t.Fatalf("the code page asks no code:\n%s", page)
	}
	if resp, _ = send(http.MethodPost, path+"/login", form("code", "000000")); resp.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("a wrong code: %d", resp.StatusCode)
	}
	resp, _ = send(http.MethodPost, path+"/login", form("code", banks.TestOneTimeCode))
	if resp.StatusCode != http.StatusSeeOther || strings.Contains(resp.Header.Get("Location"), "/login") {
		t.Fatalf("the right code went to %q (%d)", resp.Header.Get("Location"), resp.StatusCode)
	}
	var id float64
	fmt.Sscan(conn, &id)
	if got := a.settled(id); got["lastConsentStatus"] != "ok" || got["lastSuccessfulFetchAt"] == nil {
		t.Fatalf("connection after the widget: %v", got)
	}
}

// TestSandboxDecoupledWidget: a subject connects the sandbox's decoupled
// bank in the widget: the customer ID alone, a page that waits for the
// bank's app (its status says so) linked from the bank's directory entry,
// the approval in the sandbox bank's app (approveInApp), then the
// connection's first fetch.
func TestSandboxDecoupledWidget(t *testing.T) {
	t.Parallel()
	bank, in := startDecoupledInstance(t, banks.ConsumerHighRisk)
	if p, _ := in.agg.Banks.Bank(banks.ConsumerHighRisk); !p.Info().Decoupled {
		t.Fatalf("%s is not offered with the decoupled approach: %+v", banks.ConsumerHighRisk, p.Info())
	}
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductWidget}, ReturnOrigins: []string{"https://app.example"}})
	send, path, csrf, conn := toBankSignIn(t, in, a, 13, banks.ConsumerHighRisk)
	login := path + "/login?c=" + conn
	var resp *http.Response
	if _, page := send(http.MethodGet, login, nil); !strings.Contains(page, `id="approve-intro"`) || strings.Contains(page, `name="password"`) ||
		strings.Contains(page, "<code>"+banks.TestPassword+"</code>") {
		t.Fatalf("the sign-in of a decoupled bank:\n%s", page)
	}
	form := url.Values{"csrf_token": {csrf[1]}, "c": {conn}, "username": {"nobody"}}
	if resp, page := send(http.MethodPost, path+"/login", form); resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(page, "does not know") {
		t.Fatalf("an unknown customer ID: %d", resp.StatusCode)
	}
	form.Set("username", "user")
	if resp, _ = send(http.MethodPost, path+"/login", form); resp.Header.Get("Location") != login {
		t.Fatalf("the customer ID went to %q (%d), not the waiting page", resp.Header.Get("Location"), resp.StatusCode)
	}
	_, page := send(http.MethodGet, login, nil)
	app := regexp.MustCompile(`href="([^"]+)"[^>]*id="sandbox-app"`).FindStringSubmatch(page)
	if !strings.Contains(page, `id="approve-waiting"`) || app == nil || app[1] != bank.base+"/sandbox/"+banks.ConsumerHighRisk+"/app" {
		t.Fatalf("the waiting page (the app at the sandbox's own server, %s):\n%s", bank.base, page)
	}
	status := path + "/status?c=" + conn + "&approval=1"
	if _, s := send(http.MethodGet, status, nil); !strings.Contains(s, `"done":false`) {
		t.Fatalf("the status before the approval: %s", s)
	}
	approveInApp(t, app[1], func() bool {
		_, s := send(http.MethodGet, status, nil)
		return strings.Contains(s, `"done":false`)
	})
	if _, s := send(http.MethodGet, status, nil); !strings.Contains(s, `"done":true`) {
		t.Fatalf("the status after the approval: %s", s)
	}
	if resp, _ = send(http.MethodGet, login, nil); !strings.Contains(resp.Header.Get("Location"), "/progress?c="+conn) {
		t.Fatalf("the waiting page after the approval went to %q (%d)", resp.Header.Get("Location"), resp.StatusCode)
	}
	var id float64
	fmt.Sscan(conn, &id)
	if got := a.settled(id); got["lastConsentStatus"] != "ok" || got["lastSuccessfulFetchAt"] == nil {
		t.Fatalf("connection after the widget: %v", got)
	}
}

// startDecoupledInstance is a server that reaches the mock banks through
// another one's sandbox, from a directory that lists the decoupled
// approach first for bank, as an operator's entry for a bank whose
// customers approve in its app would, with the settings of extra besides.
// It returns the sandbox's server too.
func startDecoupledInstance(t *testing.T, bank string, extra ...map[string]string) (sandbox, in *instance) {
	t.Helper()
	first := startSandboxInstance(t)
	raw, err := os.ReadFile(banksOf(first)["BANK_DIRECTORY"])
	if err != nil {
		t.Fatal(err)
	}
	var d xs2a.Directory
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	for i := range d.Banks {
		if d.Banks[i].Code == bank {
			d.Banks[i].SCAApproaches = []string{xs2a.Decoupled, xs2a.Redirect}
		}
	}
	file := filepath.Join(t.TempDir(), "banks.json")
	if raw, err = json.Marshal(d); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"BANK_DIRECTORY": file}
	for _, e := range extra {
		maps.Copy(env, e)
	}
	return first, startInstanceWith(t, env)
}

// toBankSignIn takes a subject through the widget to a bank's sign-in, in
// a browser of its own: it returns that browser's send (a path is on in),
// the widget's path, the form token and the connection's id.
func toBankSignIn(t *testing.T, in *instance, a *aggClient, subject int, bank string) (
	send func(method, u string, form url.Values) (*http.Response, string), path string, csrf []string, conn string) {
	t.Helper()
	code, w := a.call("POST", "/widget/connect", map[string]any{"subjectId": subject, "countryCodes": []string{"XF"},
		"returnTo": "https://app.example/done", "access": "recurring"})
	if code != 201 {
		t.Fatalf("widget: %d %v", code, w)
	}
	send = browse(t, browser(), in.base, nil)
	resp, _ := send(http.MethodGet, w["url"].(string), nil)
	path = strings.TrimSuffix(resp.Header.Get("Location"), "/banks")
	_, consentPage := send(http.MethodGet, path+"/consent?bank="+bank, nil)
	csrf = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`).FindStringSubmatch(consentPage)
	if csrf == nil {
		t.Fatalf("no form token on the consent page:\n%s", consentPage)
	}
	resp, _ = send(http.MethodPost, path+"/consent", url.Values{"csrf_token": {csrf[1]}, "bank": {bank}})
	login := resp.Header.Get("Location")
	if !strings.HasPrefix(login, path+"/login?c=") {
		t.Fatalf("the widget sent the subject to %q (%d), not its sign-in", login, resp.StatusCode)
	}
	return send, path, csrf, strings.TrimPrefix(login, path+"/login?c=")
}
