package web

import (
	"net/http"
	"strings"
	"testing"

	"openbank/oauth"
)

func TestConsoleListsWidgetsWithStatistics(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	_, cl := newAggClient(t, in, oauth.ClientSpec{})
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	const insert = `INSERT INTO widgets (client_id, subject_id, kind, return_to, access, consent_days, link_nonce,
		request_id, created_at, expired_at, openings, last_opened_at, furthest_step, outcome)
		VALUES ($1, $2, 'connect', 'https://app.example/back', 'recurring', 90, 'n', gen_random_uuid(), now(),
			now() + interval '1 hour', $3, CASE WHEN $3 > 0 THEN now() END, $4, $5)`
	if _, err := in.db.Exec(insert, cl.id, "s-opened", 2, 6, "ok"); err != nil {
		t.Fatal(err)
	}
	for range 25 {
		if _, err := in.db.Exec(insert, cl.id, "s-idle", 0, 0, nil); err != nil {
			t.Fatal(err)
		}
	}
	path := "/admin/aggregation/" + cl.id + "/widgets"
	status, body := consolePage(t, b, in.base+path)
	if status != http.StatusOK || strings.Count(body, "<td>s-idle</td>") != 25 || strings.Contains(body, "s-opened") {
		t.Fatalf("first page: %d %s", status, body)
	}
	next := body[strings.Index(body, `rel="next"`)-200:]
	next = next[strings.Index(next, path):]
	next = strings.ReplaceAll(next[:strings.IndexByte(next, '"')], "&amp;", "&")
	status, body = consolePage(t, b, in.base+next)
	if status != http.StatusOK || strings.Count(body, "<td>s-opened</td>") != 1 || strings.Contains(body, "s-idle") {
		t.Fatalf("second page %s: %d %s", next, status, body)
	}
	for _, want := range []string{"<td>connect</td>", `<td class="num">2</td>`, "<td>returned</td>", "<td>ok</td>"} {
		if !strings.Contains(body, want) {
			t.Errorf("second page lacks %q", want)
		}
	}
	status, body = consolePage(t, b, in.base+path+"?subject=s-opened")
	if status != http.StatusOK || strings.Count(body, "<tr>") != 2 || !strings.Contains(body, "<td>returned</td>") {
		t.Fatalf("one subject: %d %s", status, body)
	}
	if status, body = consolePage(t, b, in.base+"/admin/aggregation?client="+cl.id); status != http.StatusOK || !strings.Contains(body, path) {
		t.Fatalf("aggregation page has no widget link: %d", status)
	}
}
