package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
)

func TestConsoleShowsAndActsOnConnections(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, cl := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "s-1", "user")
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()

	status, body := consolePage(t, b, in.base+"/admin/aggregation?client="+cl.id)
	path := fmt.Sprintf("/admin/aggregation/%s/connections/%.0f", cl.id, conn["id"])
	if status != 200 || !strings.Contains(body, path) || !strings.Contains(body, "s-1") {
		t.Fatalf("connections: %d %s", status, body)
	}
	status, body = consolePage(t, b, in.base+path)
	if status != 200 || !strings.Contains(body, "succeeded") || !strings.Contains(body, "/accounts/") {
		t.Fatalf("connection: %d %s", status, body)
	}
	account := body[strings.Index(body, "/admin/aggregation/"+cl.id+"/accounts/"):]
	account = account[:strings.IndexByte(account, '"')]
	if status, body = consolePage(t, b, in.base+account); status != 200 || strings.Count(body, "<tr>") < 10 {
		t.Fatalf("transactions: %d %s", status, body)
	}
	if status, where := consoleSubmit(t, in, b, path, path+"/refetch", url.Values{}); status != http.StatusSeeOther || where != path {
		t.Fatalf("refetch: %d %s", status, where)
	}
	if status, _ = consoleSubmit(t, in, b, path, path+"/delete", url.Values{}); status != http.StatusSeeOther {
		t.Fatalf("delete: %d", status)
	}
	if status, _ = consolePage(t, b, in.base+path); status != http.StatusNotFound {
		t.Fatalf("deleted connection: %d", status)
	}
	var actions []string
	if err := in.db.Select(&actions, `SELECT action FROM audit_log WHERE actor = 'root' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if strings.Join(actions, " ") != "connection.refetch connection.delete" {
		t.Fatalf("audit log %v", actions)
	}
}
