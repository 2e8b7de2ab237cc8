package web

import (
	"strings"
	"testing"

	"openbank/oauth"
)

func TestConsoleDashboardShowsTheDailyRefresh(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, _ := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "s-1", "user")
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	// An id above any the scheduler could have given makes this run the latest.
	if _, err := in.db.Exec(`INSERT INTO jobs (id, kind, key, state, attempts, last_error, created_at, run_at, finished_at)
		VALUES (1000000000000, 'daily-refresh', 'daily-refresh', 'failed', 3, 'bank unreachable',
			now() - interval '1 hour', now() - interval '1 hour', now() - interval '50 minutes')`); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := in.db.Exec(`INSERT INTO fetches (connection_id, trigger, status, requested_at)
			VALUES ($1, 'daily', 'succeeded', now() - interval '55 minutes')`, int64(conn["id"].(float64))); err != nil {
			t.Fatal(err)
		}
	}
	status, body := consolePage(t, b, in.base+"/admin/")
	if status != 200 || !strings.Contains(body, `id="refresh"`) {
		t.Fatalf("dashboard: %d %s", status, body)
	}
	for _, want := range []string{"<dt>State</dt><dd>failed</dd>", "<dt>Fetches queued</dt><dd>2</dd>",
		"<dt>Attempts</dt><dd>3</dd>", "bank unreachable"} {
		if !strings.Contains(body, want) {
			t.Errorf("dashboard lacks %q", want)
		}
	}
}
