package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// TestConsoleAsksBeforeIrreversibleActions posts each irreversible action
// without confirming: the answer is the confirmation page naming what
// breaks, and nothing has changed.
func TestConsoleAsksBeforeIrreversibleActions(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	in.user(t, "dora", "dora-password")
	acme := in.client(t, oauth.ClientSpec{ClientID: "acme", Name: "Acme"})
	seedShowcases(t, in.st)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	if status, _ := consoleSubmit(t, in, b, "/admin/showcases/budget-01", "/admin/showcases/budget-01/consents",
		url.Values{"username": {"dora"}, "consentLevel": {"READ_ONLY"}}); status != http.StatusSeeOther {
		t.Fatalf("grant: %d", status)
	}
	tests := []struct {
		from, action, names string
		still               string // SQL counting the rows that must still be there
	}{
		{"/admin/clients/acme", "/admin/clients/acme/delete", "integrations stop", `SELECT count(*) FROM oauth_clients WHERE client_id = 'acme'`},
		{"/admin/clients/acme", "/admin/clients/acme/rotate", "Integrations still using the old secret", `SELECT count(*) FROM oauth_clients WHERE client_id = 'acme' AND previous_secret_digest IS NULL`},
		{"/admin/users", "/admin/users/dora/delete", "grant and refresh token of dora", `SELECT count(*) FROM users WHERE username = 'dora'`},
		{"/admin/showcases/budget-01", "/admin/showcases/budget-01/consents/1/delete", "dora can no longer see", `SELECT count(*) FROM consents`},
		{"/admin/showcases/budget-01", "/admin/showcases/budget-01/delete", "every sharing", `SELECT count(*) FROM showcases WHERE name = 'budget-01'`},
	}
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			status, body := consoleSubmit(t, in, b, tt.from, tt.action, url.Values{})
			if status != http.StatusOK || !strings.Contains(body, "This cannot be undone") || !strings.Contains(body, tt.names) ||
				!strings.Contains(body, `name="confirm" value="yes"`) || !strings.Contains(body, `action="`+tt.action+`"`) {
				t.Fatalf("unconfirmed: %d %s", status, body)
			}
			var n int
			if err := in.db.Get(&n, tt.still); err != nil || n != 1 {
				t.Fatalf("changed without confirming: %d %v", n, err)
			}
		})
	}
	if code, _, _ := in.tokenCall(t, "/oauth2/token", acme, url.Values{"grant_type": {"client_credentials"}}); code != 200 {
		t.Fatalf("secret after an unconfirmed rotation: %d", code)
	}
	var logged int
	if err := in.db.Get(&logged, `SELECT count(*) FROM audit_log WHERE action NOT IN ('consent.grant', 'session.sign-in')`); err != nil || logged != 0 {
		t.Fatalf("audit rows of unconfirmed actions: %d %v", logged, err)
	}
}

// TestConsoleRotationKeepsTheOldSecretForItsGrace rotates a secret keeping
// the old one for an hour: both work until the grace period ends, then
// only the new one.
func TestConsoleRotationKeepsTheOldSecretForItsGrace(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	old := in.client(t, oauth.ClientSpec{ClientID: "acme", Name: "Acme"})
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	if status, body := consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme/rotate",
		url.Values{"confirm": {"yes"}, "keep": {"9999h"}}); status != http.StatusSeeOther {
		t.Fatalf("a grace period not offered: %d %s", status, body)
	}
	status, body := consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme/rotate", url.Values{"confirm": {"yes"}, "keep": {"1h"}})
	m := shownSecret.FindStringSubmatch(body)
	if status != 200 || m == nil || !strings.Contains(body, "The old secret stays valid until") {
		t.Fatalf("rotate: %d %s", status, body)
	}
	fresh := registered{"acme", m[1]}
	for _, cl := range []registered{old, fresh} {
		if code, _, _ := in.tokenCall(t, "/oauth2/token", cl, url.Values{"grant_type": {"client_credentials"}}); code != 200 {
			t.Fatalf("during the grace period: %d", code)
		}
	}
	var until time.Time
	if err := in.db.Get(&until, `SELECT previous_secret_until FROM oauth_clients WHERE client_id = 'acme'`); err != nil ||
		time.Until(until) < 59*time.Minute || time.Until(until) > time.Hour {
		t.Fatalf("kept until %v (%v)", until, err)
	}
	var after string
	if err := in.db.Get(&after, `SELECT after::text FROM audit_log WHERE action = 'client.rotate-secret'`); err != nil ||
		!strings.Contains(after, `"oldSecretGrace": "1h0m0s"`) || strings.Contains(after, m[1]) {
		t.Fatalf("audit of the rotation: %s %v", after, err)
	}
	// The grace period ends: the registry's change announcement makes every
	// instance read the client again.
	_, err := in.registry().UpdateClient(context.Background(), "acme", func(c *store.Client) error {
		c.PreviousUntil.Time = time.Now().Add(-time.Second)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if code, _, _ := in.tokenCall(t, "/oauth2/token", old, url.Values{"grant_type": {"client_credentials"}}); code == 401 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the old secret still works after its grace period")
		}
	}
	if code, _, _ := in.tokenCall(t, "/oauth2/token", fresh, url.Values{"grant_type": {"client_credentials"}}); code != 200 {
		t.Fatalf("the new secret: %d", code)
	}
}
