package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/lib/pq"

	"openbank/oauth"
)

// TestPortalDeveloperDeletesTheAccount: after a confirmation page that
// lists what goes and what stays, and the password, the account and its
// test applications are deleted; its production client stays; audited.
func TestPortalDeveloperDeletesTheAccount(t *testing.T) {
	t.Parallel()
	in := portalInstance(t, nil)
	b := browser()
	const email, password = "leaving@example.com", "a leaving developer's password"
	consoleSubmit(t, in, b, "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {password}})
	in.db.Exec(`UPDATE developers SET approved_at = now(), approved_by = 'root' WHERE email = $1`, email)
	if code := portalSignIn(t, in, b, email, password); code != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", code)
	}
	code, body := consoleSubmit(t, in, b, "/portal/apps/new", "/portal/apps", url.Values{"name": {"Leaving app"}})
	if code != http.StatusCreated {
		t.Fatalf("new application: %d %s", code, body)
	}
	test := match(t, shownClientID, body)
	prod := in.client(t, oauth.ClientSpec{}).id
	in.db.Exec(`UPDATE oauth_clients SET environment = 'production' WHERE client_id = $1`, prod)
	in.db.Exec(`INSERT INTO developer_apps (client_id, developer_id) SELECT $1, id FROM developers WHERE email = $2`, prod, email)

	code, body = consolePage(t, b, in.base+"/portal/account/delete")
	deleted, kept, _ := strings.Cut(body, `id="kept-apps"`)
	if code != 200 || !strings.Contains(deleted, test) || strings.Contains(deleted, prod) || !strings.Contains(kept, prod) {
		t.Fatalf("confirmation page: %d %s", code, body)
	}
	if code, _ := consoleSubmit(t, in, b, "/portal/account/delete", "/portal/account/delete", url.Values{"password": {"not the password at all"}}); code != http.StatusUnauthorized {
		t.Errorf("a wrong password: %d", code)
	}
	resp := post(t, b, in.base+"/portal/account/delete", url.Values{"password": {password}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("without the CSRF token: %d", resp.StatusCode)
	}
	var left int
	in.db.Get(&left, `SELECT count(*) FROM developers WHERE email = $1`, email)
	if left != 1 {
		t.Fatalf("the account is gone before the password was given")
	}

	code, body = consoleSubmit(t, in, b, "/portal/account/delete", "/portal/account/delete", url.Values{"password": {password}})
	if code != http.StatusOK || !strings.Contains(body, "Account deleted") {
		t.Fatalf("deletion: %d %s", code, body)
	}
	var accounts, testClients, prodClients, audited int
	in.db.Get(&accounts, `SELECT count(*) FROM developers WHERE email = $1`, email)
	in.db.Get(&testClients, `SELECT count(*) FROM oauth_clients WHERE client_id = $1`, test)
	in.db.Get(&prodClients, `SELECT count(*) FROM oauth_clients WHERE client_id = $1`, prod)
	in.db.Get(&audited, `SELECT count(*) FROM audit_log WHERE source = 'portal' AND actor = $1 AND action = 'developer.delete'
		AND after->'productionClientsKept' ? $2`, "developer:"+email, prod)
	if accounts != 0 || testClients != 0 || prodClients != 1 || audited != 1 {
		t.Errorf("accounts %d, test clients %d, production clients %d, audited %d; want 0 0 1 1", accounts, testClients, prodClients, audited)
	}
	if code, _ := consolePage(t, b, in.base+"/portal/"); code != http.StatusSeeOther {
		t.Errorf("the session after deletion: %d", code)
	}
	if code := portalSignIn(t, in, browser(), email, password); code != http.StatusUnauthorized {
		t.Errorf("sign-in after deletion: %d", code)
	}
}

// TestPortalDeveloperAccountDeletionIsAllOrNothing: when the account's own
// deletion fails after its test applications were deleted in the same
// transaction, nothing is deleted, revoked or audited.
func TestPortalDeveloperAccountDeletionIsAllOrNothing(t *testing.T) {
	t.Parallel()
	in := portalInstance(t, nil)
	b := browser()
	const email, password = "stuck@example.com", "a stuck developer's password"
	consoleSubmit(t, in, b, "/portal/signup", "/portal/signup", url.Values{"email": {email}, "password": {password}})
	in.db.Exec(`UPDATE developers SET approved_at = now(), approved_by = 'root' WHERE email = $1`, email)
	if code := portalSignIn(t, in, b, email, password); code != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", code)
	}
	var apps []string
	for _, name := range []string{"First app", "Second app"} {
		code, body := consoleSubmit(t, in, b, "/portal/apps/new", "/portal/apps", url.Values{"name": {name}})
		if code != http.StatusCreated {
			t.Fatalf("new application: %d %s", code, body)
		}
		apps = append(apps, match(t, shownClientID, body))
	}
	for _, q := range []string{
		`CREATE FUNCTION refuse_developer_delete() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'developer deletion refused'; END $$`,
		`CREATE TRIGGER refuse_developer_delete BEFORE DELETE ON developers FOR EACH ROW EXECUTE FUNCTION refuse_developer_delete()`,
	} {
		if _, err := in.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}

	if code, body := consoleSubmit(t, in, b, "/portal/account/delete", "/portal/account/delete", url.Values{"password": {password}}); code != http.StatusInternalServerError {
		t.Fatalf("a failing deletion: %d %s", code, body)
	}
	var accounts, clients, owned, revoked, audited int
	in.db.Get(&accounts, `SELECT count(*) FROM developers WHERE email = $1`, email)
	in.db.Get(&clients, `SELECT count(*) FROM oauth_clients WHERE client_id = ANY($1)`, pq.StringArray(apps))
	in.db.Get(&owned, `SELECT count(*) FROM developer_apps WHERE client_id = ANY($1)`, pq.StringArray(apps))
	in.db.Get(&revoked, `SELECT count(*) FROM oauth_revocations WHERE key IN (SELECT 'client:' || c FROM unnest($1::text[]) c)`, pq.StringArray(apps))
	in.db.Get(&audited, `SELECT count(*) FROM audit_log WHERE action IN ('client.delete', 'developer.delete')`)
	if accounts != 1 || clients != 2 || owned != 2 || revoked != 0 || audited != 0 {
		t.Errorf("accounts %d, clients %d, owned %d, revoked %d, audited %d; want 1 2 2 0 0", accounts, clients, owned, revoked, audited)
	}
	if code, _ := consolePage(t, b, in.base+"/portal/"); code != http.StatusOK {
		t.Errorf("the session after a failed deletion: %d", code)
	}
}
