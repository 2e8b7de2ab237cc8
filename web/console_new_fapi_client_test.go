package web

import (
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
	"openbank/store"
)

// The console's new-client form registers a FAPI 2.0 client with its keys
// in one step, audited as the creation; a profile the client would break
// is refused before anything is stored.
func TestConsoleCreatesAFAPI2Client(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	if _, body := consolePage(t, b, in.base+"/admin/clients/new"); !strings.Contains(body, `name="profile" value="fapi2"`) ||
		!strings.Contains(body, `name="jwks"`) || !strings.Contains(body, `<option value="client_secret" selected`) {
		t.Fatal("the new-client form offers no security profile")
	}
	key := newHolder(t).key
	form := func(id, method, redirect string) url.Values {
		return url.Values{"clientId": {id}, "name": {"Fapi"}, "grant": {"authorization_code", "refresh_token"},
			"redirectUris": {redirect}, "profile": {"fapi2"}, "authMethod": {method},
			"jwks": {publicSet(t, map[string]*ecdsa.PrivateKey{"k1": key})}}
	}
	refusals := []struct {
		name, method, redirect, problem string
	}{
		{"client secret", "client_secret", "https://app.example.com/callback", "not a client secret"},
		{"http redirect", "private_key_jwt", "http://app.example.com/callback", "https redirect URIs"},
	}
	for _, tt := range refusals {
		status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("refused", tt.method, tt.redirect))
		if status != http.StatusBadRequest || !strings.Contains(body, tt.problem) || !strings.Contains(body, `value="fapi2" checked`) {
			t.Errorf("%s: %d, want 400 with %q and the profile kept: %s", tt.name, status, tt.problem, body)
		}
		if _, err := in.registry().Store.GetClient(t.Context(), "refused"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: the refused client was stored: %v", tt.name, err)
		}
	}

	status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", form("fapi", "private_key_jwt", "https://app.example.com/callback"))
	m := shownSecret.FindStringSubmatch(body)
	if status != http.StatusCreated || m == nil {
		t.Fatalf("create a FAPI 2.0 client: %d %s", status, body)
	}
	cs, err := in.registry().Security(t.Context(), "fapi")
	if err != nil || cs.Profile != oauth.ProfileFAPI2 || cs.AuthMethod != oauth.AuthPrivateKeyJWT || cs.JWKS == "" {
		t.Fatalf("saved profile %+v, %v", cs, err)
	}
	if status, _, _ := in.tokenCall(t, "/oauth2/revoke", registered{"fapi", m[1]}, url.Values{"token": {"x"}}); status != http.StatusUnauthorized {
		t.Errorf("the secret authenticated a private_key_jwt client: %d", status)
	}
	if status, body := in.withAssertion(t, "/oauth2/revoke", clientAssertion(t, key, "k1", "fapi", in.base), url.Values{"token": {"x"}}); status != http.StatusOK {
		t.Errorf("revoke with the client's assertion: %d %v", status, body)
	}
	var records []string
	in.db.Select(&records, `SELECT action FROM audit_log WHERE target = 'client/fapi' ORDER BY id`)
	var after struct {
		Name        string `json:"name"`
		AuthProfile struct {
			Profile    string `json:"profile"`
			AuthMethod string `json:"authMethod"`
			JWKS       bool   `json:"jwks"`
		} `json:"authProfile"`
	}
	var raw []byte
	in.db.Get(&raw, `SELECT after FROM audit_log WHERE action = 'client.create' AND target = 'client/fapi'`)
	if err := json.Unmarshal(raw, &after); err != nil || len(records) != 1 || records[0] != "client.create" ||
		after.Name != "Fapi" || after.AuthProfile.Profile != oauth.ProfileFAPI2 || after.AuthProfile.AuthMethod != oauth.AuthPrivateKeyJWT || !after.AuthProfile.JWKS {
		t.Errorf("audit: %v %s %v", records, raw, err)
	}
}
