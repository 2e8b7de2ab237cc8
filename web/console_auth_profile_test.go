package web

import (
	"crypto/ecdsa"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

// The console gives a client the FAPI 2.0 profile and its keys, refuses a
// profile the client breaks, and writes the change to the audit log.
func TestConsoleSetsTheAuthProfile(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	cl := in.client(t, oauth.ClientSpec{Grants: []string{oauth.GrantAuthorizationCode}})
	page := "/admin/clients/" + cl.id
	keys := publicSet(t, map[string]*ecdsa.PrivateKey{"k1": newHolder(t).key})
	status, body := consoleSubmit(t, in, b, page, page+"/auth-profile", url.Values{"profile": {"fapi2"}, "authMethod": {"client_secret"}})
	if status != http.StatusBadRequest || !strings.Contains(body, "not a client secret") {
		t.Fatalf("fapi2 with a client secret: %d %s", status, body)
	}
	status, _ = consoleSubmit(t, in, b, page, page+"/auth-profile", url.Values{"profile": {"fapi2"},
		"authMethod": {"private_key_jwt"}, "jwks": {keys}})
	if status != http.StatusSeeOther {
		t.Fatalf("fapi2 with keys: %d", status)
	}
	cs, err := in.registry().Security(t.Context(), cl.id)
	if err != nil || cs.Profile != oauth.ProfileFAPI2 || cs.AuthMethod != oauth.AuthPrivateKeyJWT || cs.JWKS == "" {
		t.Fatalf("saved profile %+v, %v", cs, err)
	}
	if _, body := consolePage(t, b, in.base+page); !strings.Contains(body, `value="fapi2" checked`) ||
		!strings.Contains(body, `<option value="private_key_jwt" selected`) {
		t.Errorf("the page does not show the profile")
	}
	var n int
	in.db.Get(&n, `SELECT count(*) FROM audit_log WHERE action = 'client.auth-profile' AND target = $1`, "client/"+cl.id)
	if n != 1 {
		t.Errorf("%d audit records", n)
	}
}
