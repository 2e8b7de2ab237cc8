package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"openbank/banks"
	"openbank/i18n"
)

var (
	requestForm = regexp.MustCompile(`<form method="post" action="([^"]+/app/[^"]+)"`)
)

// phone is a test user's phone: a browser of its own, for the bank's app.
func phone(t *testing.T) func(method, u string, form url.Values) (*http.Response, string) {
	return browse(t, browser(), "", nil)
}

// approveInApp answers the request waiting for the test user "user" in
// the sandbox bank's app at app: signed out it lists nothing, its forms
// need their token, a wrong password signs no one in, it speaks the
// subject's language, and only the signed-in user's approval with the
// token decides. waiting reports whether the bank still waits.
func approveInApp(t *testing.T, app string, waiting func() bool) {
	t.Helper()
	u, err := url.Parse(app)
	if err != nil || !u.IsAbs() {
		t.Fatalf("the app's address %q is not absolute", app)
	}
	origin := u.Scheme + "://" + u.Host
	send := phone(t)
	resp, page := send(http.MethodGet, app, nil)
	token := csrfField.FindStringSubmatch(page)
	if resp.StatusCode != http.StatusOK || !strings.Contains(page, `name="password"`) || requestForm.MatchString(page) || token == nil ||
		resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("the app before the sign-in (%d, %v):\n%s", resp.StatusCode, resp.Header, page)
	}
	de := i18n.For("de")
	if _, page := send(http.MethodGet, app+"?lang=de", nil); !strings.Contains(page, `lang="de"`) ||
		!strings.Contains(page, de.Text("app.badge")) || !strings.Contains(page, de.Text("bank.password")) {
		t.Fatalf("the app in German:\n%s", page)
	}
	signIn := url.Values{"username": {"user"}, "password": {banks.TestPassword}, "action": {"signin"}}
	if resp, _ := send(http.MethodPost, app, signIn); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a sign-in without the form's token: %d", resp.StatusCode)
	}
	wrong := url.Values{"csrf_token": {token[1]}, "username": {"user"}, "password": {"wrong"}, "action": {"signin"}}
	if resp, page := send(http.MethodPost, app, wrong); resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(page, `id="app-error"`) {
		t.Fatalf("a wrong password: %d\n%s", resp.StatusCode, page)
	}
	if _, page := send(http.MethodGet, app, nil); requestForm.MatchString(page) || strings.Contains(page, `id="app-user"`) {
		t.Fatalf("a wrong password signed in:\n%s", page)
	}
	signIn.Set("csrf_token", token[1])
	if resp, _ := send(http.MethodPost, app, signIn); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the sign-in: %d", resp.StatusCode)
	}
	_, page = send(http.MethodGet, app, nil)
	action := requestForm.FindStringSubmatch(page)
	if action == nil || !strings.Contains(page, `id="app-user"`) {
		t.Fatalf("the signed-in app shows no request:\n%s", page)
	}
	decide := origin + action[1]
	stranger := phone(t)
	_, strangerPage := stranger(http.MethodGet, app, nil)
	strangerToken := csrfField.FindStringSubmatch(strangerPage)
	if strangerToken == nil {
		t.Fatalf("no form token for another browser:\n%s", strangerPage)
	}
	for name, try := range map[string]struct {
		send  func(string, string, url.Values) (*http.Response, string)
		token string
	}{"without the token": {send, ""}, "with a wrong token": {send, token[1] + "x"},
		"from a browser not signed in": {stranger, strangerToken[1]}} {
		if resp, _ := try.send(http.MethodPost, decide, url.Values{"csrf_token": {try.token}, "action": {"approve"}}); resp.StatusCode != http.StatusForbidden {
			t.Fatalf("an approval %s: %d", name, resp.StatusCode)
		}
		if !waiting() {
			t.Fatalf("an approval %s decided", name)
		}
	}
	if resp, page := send(http.MethodPost, decide, url.Values{"csrf_token": {token[1]}, "action": {"approve"}}); resp.StatusCode != http.StatusOK ||
		!strings.Contains(page, `id="app-done"`) {
		t.Fatalf("the approval: %d\n%s", resp.StatusCode, page)
	}
}

// signedInToApp signs test user psu in to the sandbox bank's app at app,
// in a phone of its own: it returns that phone and its form token.
func signedInToApp(t *testing.T, app, psu string) (send func(method, u string, form url.Values) (*http.Response, string), token string) {
	t.Helper()
	send = phone(t)
	_, page := send(http.MethodGet, app, nil)
	m := csrfField.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no form token in the app:\n%s", page)
	}
	form := url.Values{"csrf_token": {m[1]}, "username": {psu}, "password": {banks.TestPassword}, "action": {"signin"}}
	if resp, page := send(http.MethodPost, app, form); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("%s's sign-in to the app: %d\n%s", psu, resp.StatusCode, page)
	}
	return send, m[1]
}
