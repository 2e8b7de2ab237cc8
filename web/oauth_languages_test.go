package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

// The sign-in and consent pages speak the request's ui_locales, else the
// browser's language, else the client's default; the switch's ?lang= comes
// first, and a failed sign-in answers in the page's language.
func TestAuthorizationPagesSpeakTheUsersLanguage(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{DefaultLocale: "es"})
	in.user(t, "carol", "carol-password")
	b := browser()
	base := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	tests := []struct {
		name, extra, accept, lang, says string
	}{
		{"the client's default", "", "", "es", "Iniciar sesión"},
		{"the browser", "", "it-IT,it;q=0.9", "it", "Nome utente"},
		{"ui_locales", "&ui_locales=ja+de-AT", "it", "de", "Benutzername"},
		{"the switch", "&ui_locales=de&lang=nl", "it", "nl", "Gebruikersnaam"},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest("GET", base+tt.extra, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Language", tt.accept)
		}
		resp, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		html := readAll(resp)
		if !strings.Contains(html, `<html lang="`+tt.lang+`"`) || !strings.Contains(html, tt.says) || !strings.Contains(html, `hreflang="fr"`) {
			t.Errorf("%s: want %s saying %q:\n%s", tt.name, tt.lang, tt.says, html)
		}
	}
	u := base + "&ui_locales=nl"
	resp, _ := b.Get(u)
	html := readAll(resp)
	resp = post(t, b, u, url.Values{"action": {"login"}, "username": {"carol"}, "password": {"nope-nope"}, "csrf_token": {csrfToken(t, html)}})
	if body := readAll(resp); resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "De gebruikersnaam of het wachtwoord is onjuist.") {
		t.Errorf("a wrong password in Dutch: %d %s", resp.StatusCode, body)
	}
	authorize(t, b, base, "carol", "carol-password")
	resp, _ = b.Get(base + "&ui_locales=fr")
	if html := readAll(resp); !strings.Contains(html, `<html lang="fr"`) || !strings.Contains(html, "Autoriser l’accès") ||
		!strings.Contains(html, "l’accès aux comptes bancaires que vous connectez") {
		t.Errorf("the consent page in French:\n%s", html)
	}
}

// A sign-in link that cannot be trusted gets an error page in the user's
// language, its technical cause kept for the app's developer.
func TestAuthorizationErrorPageSpeaksTheUsersLanguage(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	resp, err := browser().Get(in.base + "/oauth2/authorize?response_type=code&client_id=nobody&ui_locales=de")
	if err != nil {
		t.Fatal(err)
	}
	html := readAll(resp)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(html, `<html lang="de"`) ||
		!strings.Contains(html, "Dieser Anmeldelink ist ungültig") || !strings.Contains(html, "Zur Startseite") ||
		!strings.Contains(html, `class="detail"`) {
		t.Errorf("the error page in German: %d\n%s", resp.StatusCode, html)
	}
}
