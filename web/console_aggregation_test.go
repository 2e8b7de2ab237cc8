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
	if status, _ = consoleSubmit(t, in, b, path, path+"/delete", confirmed()); status != http.StatusSeeOther {
		t.Fatalf("delete: %d", status)
	}
	if status, _ = consolePage(t, b, in.base+path); status != http.StatusNotFound {
		t.Fatalf("deleted connection: %d", status)
	}
	var actions []string
	if err := in.db.Select(&actions, `SELECT action FROM audit_log WHERE actor = 'root' AND action NOT LIKE 'session.%' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if strings.Join(actions, " ") != "connection.refetch connection.delete" {
		t.Fatalf("audit log %v", actions)
	}
}

func TestConsoleReplaysACallback(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, cl := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "s-1", "user")
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	const id = "5f0c6a52-2f57-4b4e-9d1e-6a1f1c0b7a01"
	if _, err := in.db.Exec(`INSERT INTO callbacks (id, client_id, connection_id, event, url, endpoint, body, status, attempts)
		VALUES ($1, $2, $3, 'fetchFailed', 'http://127.0.0.1:1/cb', 'http://127.0.0.1:1', '{}', 'failed', 1)`,
		id, cl.id, int64(conn["id"].(float64))); err != nil {
		t.Fatal(err)
	}
	if _, err := in.db.Exec(`INSERT INTO callback_attempts (callback_id, attempted_at, error, duration_ms)
		VALUES ($1, now(), 'connection refused', 3)`, id); err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/admin/aggregation/%s/connections/%.0f", cl.id, conn["id"])
	replay := path + "/callbacks/" + id + "/replay"
	if status, body := consolePage(t, b, in.base+path); status != 200 || !strings.Contains(body, replay) {
		t.Fatalf("connection: %d %s", status, body)
	}
	if status, where := consoleSubmit(t, in, b, path, replay, url.Values{}); status != http.StatusSeeOther || where != path {
		t.Fatalf("replay: %d %s", status, where)
	}
	var status string
	var attempts, jobs int
	if err := in.db.QueryRow(`SELECT c.status, (SELECT count(*) FROM callback_attempts WHERE callback_id = c.id),
		(SELECT count(*) FROM jobs j WHERE j.id = c.job_id AND j.kind = 'callback' AND j.key = c.id::text)
		FROM callbacks c WHERE c.id = $1`, id).Scan(&status, &attempts, &jobs); err != nil {
		t.Fatal(err)
	}
	if status == "failed" || attempts < 1 || jobs != 1 {
		t.Fatalf("after replay: status %s, %d attempts, %d jobs", status, attempts, jobs)
	}
	if code, _ := consoleSubmit(t, in, b, path, path+"/callbacks/5f0c6a52-2f57-4b4e-9d1e-6a1f1c0b7a02/replay", url.Values{}); code != http.StatusNotFound {
		t.Fatalf("unknown callback: %d", code)
	}
	var actions []string
	if err := in.db.Select(&actions, `SELECT action FROM audit_log WHERE actor = 'root' AND action NOT LIKE 'session.%' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if strings.Join(actions, " ") != "callback.replay" {
		t.Fatalf("audit log %v", actions)
	}
}

// TestConsoleListsFailedFetches follows the dashboard's count of failed
// fetches to the list of them and on to the connection.
func TestConsoleListsFailedFetches(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, cl := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "s-9", "user")
	in.db.MustExec(`UPDATE fetches SET status = 'failed', error_code = 'bankUnavailable',
		error_reason = 'provider: bank unavailable', finished_at = now() WHERE connection_id = $1`, conn["id"])
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	if status, body := consolePage(t, b, in.base+"/admin/"); status != 200 || !strings.Contains(body, `href="/admin/failures">Failed fetches`) {
		t.Fatalf("dashboard: %d %s", status, body)
	}
	status, body := consolePage(t, b, in.base+"/admin/failures")
	path := fmt.Sprintf("/admin/aggregation/%s/connections/%.0f", cl.id, conn["id"])
	if status != 200 || !strings.Contains(body, `href="`+path+`"`) || !strings.Contains(body, "bankUnavailable") || !strings.Contains(body, "s-9") {
		t.Fatalf("failures: %d %s", status, body)
	}
}
