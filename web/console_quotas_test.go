package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestConsoleSetsClientQuotas gives a client its own aggregation quotas
// in the console, at creation and on edit, shows them back, and refuses a
// quota that is not a number of 0 or more.
func TestConsoleSetsClientQuotas(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	quotas := func() (n [3]int) {
		t.Helper()
		if err := in.db.QueryRow(`SELECT max_subject_connections, max_subject_widgets, max_connections FROM oauth_clients
			WHERE client_id = 'acme'`).Scan(&n[0], &n[1], &n[2]); err != nil {
			t.Fatal(err)
		}
		return n
	}

	status, body := consoleSubmit(t, in, b, "/admin/clients/new", "/admin/clients", url.Values{"clientId": {"acme"},
		"name": {"Acme"}, "grant": {"client_credentials"}, "product": {"aggregation"}, "maxSubjectConnections": {"3"}})
	if status != http.StatusCreated {
		t.Fatalf("create client: %d %s", status, body)
	}
	if got := quotas(); got != [3]int{3, 0, 0} {
		t.Fatalf("quotas after creation %v", got)
	}
	form := url.Values{"name": {"Acme"}, "grant": {"client_credentials"}, "product": {"aggregation"},
		"maxSubjectConnections": {"3"}, "maxSubjectWidgets": {"4"}, "maxConnections": {""}}
	if status, body = consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme", form); status != http.StatusSeeOther {
		t.Fatalf("edit client: %d %s", status, body)
	}
	if got := quotas(); got != [3]int{3, 4, 0} {
		t.Fatalf("quotas after the edit %v", got)
	}
	var audited string
	if err := in.db.Get(&audited, `SELECT after::text FROM audit_log WHERE action = 'client.update' ORDER BY id DESC LIMIT 1`); err != nil ||
		!strings.Contains(audited, `"maxOpenWidgetsPerSubject": 4`) {
		t.Fatalf("audit log of the edit %q %v", audited, err)
	}
	if _, page := consolePage(t, b, in.base+"/admin/clients/acme"); !strings.Contains(page, `name="maxSubjectWidgets" min="0" value="4"`) {
		t.Fatal("the client page does not show the quota")
	}
	form.Set("maxConnections", "-5")
	if status, body = consoleSubmit(t, in, b, "/admin/clients/acme", "/admin/clients/acme", form); status != http.StatusBadRequest ||
		!strings.Contains(body, "connections of the client must be from 0") {
		t.Fatalf("negative quota: %d %.300s", status, body)
	}
	if got := quotas(); got != [3]int{3, 4, 0} {
		t.Fatalf("quotas after a refused edit %v", got)
	}
}
