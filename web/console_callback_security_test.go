package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

// TestConsoleSetsCallbackSecurity: an admin sets a client's token
// endpoint for its callbacks; the secret is never shown (the store seals
// it: TestSecretsAreStoredSealed), kept when the field is left empty, and the change is audited; mutual
// TLS without a configured certificate is refused with the reason.
func TestConsoleSetsCallbackSecurity(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	cl := in.client(t, oauth.ClientSpec{Products: []string{oauth.ProductCallbacks}})
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	page := "/admin/clients/" + cl.id
	action := page + "/callback-security"

	code, _ := consoleSubmit(t, in, b, page, action, url.Values{"tokenUrl": {"https://receiver.example/token"},
		"tokenClientId": {"openbank"}, "tokenSecret": {"receiver-secret-123"}, "tokenScope": {"callbacks"}})
	if code != http.StatusSeeOther {
		t.Fatalf("save: %d", code)
	}
	code, _ = consoleSubmit(t, in, b, page, action, url.Values{"tokenUrl": {"https://receiver.example/token"},
		"tokenClientId": {"openbank"}, "tokenScope": {"callbacks write"}})
	if code != http.StatusSeeOther {
		t.Fatalf("save keeping the secret: %d", code)
	}
	sec, err := in.Aggregation().CallbackSecurity(t.Context(), cl.id)
	if err != nil || string(sec.TokenSecret) != "receiver-secret-123" || sec.TokenScope != "callbacks write" {
		t.Fatalf("stored: %+v %v", sec, err)
	}
	_, body := consolePage(t, b, in.base+page)
	if strings.Contains(body, "receiver-secret-123") || !strings.Contains(body, "A secret is saved") {
		t.Errorf("the client's page shows the secret, or not that one is saved")
	}
	var audited int
	in.db.Get(&audited, `SELECT count(*) FROM audit_log WHERE action = 'client.callback-security' AND target = $1
		AND NOT after::text LIKE '%receiver-secret%'`, "client/"+cl.id)
	if audited != 2 {
		t.Errorf("%d audit entries, want 2 without the secret", audited)
	}

	code, body = consoleSubmit(t, in, b, page, action, url.Values{"mtls": {"1"}})
	if code != http.StatusBadRequest || !strings.Contains(body, "CALLBACK_TLS_CERT_FILE") {
		t.Errorf("mutual TLS without a certificate: %d", code)
	}
}
