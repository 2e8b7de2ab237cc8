package web

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// consoleSubmit posts form to action with the CSRF token of the page at
// from, and returns the status and body (or the redirect's target).
func consoleSubmit(t *testing.T, in *instance, b *http.Client, from, action string, form url.Values) (int, string) {
	t.Helper()
	_, body := consolePage(t, b, in.base+from)
	form.Set("csrf_token", csrfToken(t, body))
	resp := post(t, b, in.base+action, form)
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusSeeOther {
		return resp.StatusCode, resp.Header.Get("Location")
	}
	return resp.StatusCode, string(out)
}

var shownSecret = regexp.MustCompile(`id="new-secret">([^<]+)<`)

// confirmed is the form of a confirmed irreversible action, a fresh copy
// each time (consoleSubmit adds the token).
func confirmed() url.Values { return url.Values{"confirm": {"yes"}} }

func TestConsoleManagesClientsUsersAndFamilies(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()

	status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", url.Values{"clientId": {"acme"},
		"name": {"Acme"}, "grant": {"client_credentials", "password", "refresh_token"}, "product": {"gateway"}, "hmac": {"new"}})
	m := shownSecret.FindStringSubmatch(body)
	if status != http.StatusCreated || m == nil || !strings.Contains(body, `id="new-hmac"`) {
		t.Fatalf("create client: %d %s", status, body)
	}
	acme := registered{"acme", m[1]}
	if code, _, _ := in.tokenCall(t, "/oauth2/token", acme, url.Values{"grant_type": {"client_credentials"}}); code != 200 {
		t.Fatalf("token with the shown secret: %d", code)
	}
	if status, body = consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", url.Values{"name": {"Bad"},
		"grant": {"client_credentials"}, "public": {"1"}}); status != http.StatusBadRequest || !strings.Contains(body, "public client cannot use client_credentials") {
		t.Fatalf("invalid client: %d %s", status, body)
	}

	status, _ = consoleSubmit(t, in, b, "/admin/users", "/admin/users", url.Values{"username": {"dora"}, "password": {"dora-password"}})
	if status != http.StatusSeeOther {
		t.Fatalf("create user: %d", status)
	}
	code, tok, _ := in.tokenCall(t, "/oauth2/token", acme, url.Values{"grant_type": {"password"}, "username": {"dora"}, "password": {"dora-password"}})
	if code != 200 {
		t.Fatalf("password grant: %d %v", code, tok)
	}
	var grant string
	if err := in.db.Get(&grant, `SELECT grant_id FROM oauth_grants WHERE username = 'dora'`); err != nil {
		t.Fatal(err)
	}
	if status, _ = consoleSubmit(t, in, b, "/admin/users", "/admin/families/"+grant+"/revoke", confirmed()); status != http.StatusSeeOther {
		t.Fatalf("revoke family: %d", status)
	}
	if code, _, _ := in.tokenCall(t, "/oauth2/token", acme, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok["refresh_token"].(string)}}); code != 400 {
		t.Fatalf("refresh of a revoked family: %d", code)
	}

	if status, body = consoleSubmit(t, in, b, "/admin/users", "/admin/users/root/admin", url.Values{"admin": {"0"}}); status != http.StatusConflict {
		t.Fatalf("removing one's own admin flag: %d %s", status, body)
	}
	status, body = consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme/rotate", url.Values{"confirm": {"yes"}, "keep": {"0"}})
	if m = shownSecret.FindStringSubmatch(body); status != 200 || m == nil || m[1] == acme.secret {
		t.Fatalf("rotate: %d %s", status, body)
	}
	// Every instance drops its cached client when told of the change.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		code, _, _ := in.tokenCall(t, "/oauth2/token", acme, url.Values{"grant_type": {"client_credentials"}})
		if code == 401 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("token with the old secret: %d", code)
		}
	}
	if status, _ = consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme/delete", confirmed()); status != http.StatusSeeOther {
		t.Fatalf("delete client: %d", status)
	}

	var actions []string
	if err := in.db.Select(&actions, `SELECT action FROM audit_log WHERE actor = 'root' AND action NOT LIKE 'session.%' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	want := "client.create user.create family.revoke client.rotate-secret client.delete"
	if got := strings.Join(actions, " "); got != want {
		t.Fatalf("audit log %q, want %q", got, want)
	}
	var leaked int
	if err := in.db.Get(&leaked, `SELECT count(*) FROM audit_log WHERE after::text LIKE '%' || $1 || '%'`, m[1]); err != nil || leaked != 0 {
		t.Fatalf("a secret in the audit log: %d %v", leaked, err)
	}
}

// TestConsoleClientFormExplainsAndKeepsThePrivacyPage registers a client
// with a privacy page, which the widget's consent text links to, and
// refuses one that is not an http(s) URL.
func TestConsoleClientFormExplainsAndKeepsThePrivacyPage(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	_, page := consolePage(t, b, in.base+"/admin/clients/new")
	for _, want := range []string{"The app acts as itself, server to server", "PDF reports of a subject", `name="privacyUrl"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	form := func(privacy string) url.Values {
		return url.Values{"clientId": {"shop"}, "name": {"Shop"}, "grant": {"client_credentials"}, "product": {"widget"},
			"privacyUrl": {privacy}}
	}
	status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("javascript:alert(1)"))
	if status != http.StatusBadRequest || !strings.Contains(body, "privacy URL") || !strings.Contains(body, `value="javascript:alert(1)"`) {
		t.Fatalf("a bad privacy URL: %d %s", status, body)
	}
	if status, body = consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("https://shop.example/privacy")); status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, body)
	}
	var privacy string
	if err := in.db.Get(&privacy, `SELECT privacy_url FROM oauth_clients WHERE client_id = 'shop'`); err != nil || privacy != "https://shop.example/privacy" {
		t.Fatalf("privacy URL %q %v", privacy, err)
	}
	if _, page = consolePage(t, b, in.base+"/admin/clients/shop"); !strings.Contains(page, `value="https://shop.example/privacy"`) {
		t.Fatal("the edit form does not show the privacy URL")
	}
}

// TestConsoleClientFormKeepsTheDefaultLanguage sets a client's default
// language in the console and refuses one that is not a BCP 47 tag.
func TestConsoleClientFormKeepsTheDefaultLanguage(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	form := func(locale string) url.Values {
		return url.Values{"clientId": {"shop"}, "name": {"Shop"}, "grant": {"client_credentials"}, "product": {"widget"},
			"defaultLocale": {locale}}
	}
	status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("fr_FR"))
	if status != http.StatusBadRequest || !strings.Contains(body, "BCP 47") {
		t.Fatalf("a malformed language: %d %s", status, body)
	}
	if status, body = consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("it")); status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, body)
	}
	var locale string
	if err := in.db.Get(&locale, `SELECT default_locale FROM oauth_clients WHERE client_id = 'shop'`); err != nil || locale != "it" {
		t.Fatalf("default language %q %v", locale, err)
	}
	if _, page := consolePage(t, b, in.base+"/admin/clients/shop"); !strings.Contains(page, `<option value="it" selected>`) {
		t.Fatal("the edit form does not show the default language")
	}
}
