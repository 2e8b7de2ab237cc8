package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

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
	if status != http.StatusOK || strings.Count(body, `<td class="subject">s-idle</td>`) != 25 || strings.Contains(body, "s-opened") {
		t.Fatalf("first page: %d %s", status, body)
	}
	next := body[strings.Index(body, `rel="next"`)-200:]
	next = next[strings.Index(next, path):]
	next = strings.ReplaceAll(next[:strings.IndexByte(next, '"')], "&amp;", "&")
	status, body = consolePage(t, b, in.base+next)
	if status != http.StatusOK || strings.Count(body, `<td class="subject">s-opened</td>`) != 1 || strings.Contains(body, "s-idle") {
		t.Fatalf("second page %s: %d %s", next, status, body)
	}
	for _, want := range []string{"connect, recurring", "2×", "<td>returned</td>", `data-outcome="ok"`, "connected, data fetched"} {
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

// TestConsoleWidgetsInABrowser shows widget links at 1280 px: the table
// fits without scrolling, and a link whose consent is ok but whose fetch
// failed reads as failed, as its subject saw it.
func TestConsoleWidgetsInABrowser(t *testing.T) {
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, cl := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "subject-with-a-rather-long-identifier-0001", "user")
	in.db.MustExec(`UPDATE fetches SET status = 'failed', error_code = 'bankUnavailable', finished_at = now() WHERE connection_id = $1`, conn["id"])
	var widgetID int64
	if err := in.db.Get(&widgetID, `INSERT INTO widgets (client_id, subject_id, kind, return_to, access, consent_days, link_nonce,
		request_id, created_at, expired_at, openings, last_opened_at, furthest_step, outcome)
		VALUES ($1, 'subject-with-a-rather-long-identifier-0001', 'connect', 'https://app.example/back', 'recurring', 90, 'n',
			gen_random_uuid(), now(), now() + interval '1 hour', 3, now(), 6, 'ok') RETURNING id`, cl.id); err != nil {
		t.Fatal(err)
	}
	in.db.MustExec(`INSERT INTO widget_connections (widget_id, connection_id, consent_id, created_at)
		SELECT $1, connection_id, id, now() - interval '1 minute' FROM bank_consents WHERE connection_id = $2`, widgetID, conn["id"])
	b := newConsoleTab(t)
	b.signIn(in.base, "root", "root-password")
	b.waitFor(".stats")
	b.run(chromedp.Navigate(in.base + "/admin/aggregation/" + cl.id + "/widgets"))
	b.waitFor("#widgets td.outcome")
	if got := b.attribute("#widgets td.outcome", "data-outcome"); got != "fetchFailed" {
		t.Fatalf("outcome %q (%s)", got, b.text("#widgets td.outcome"))
	}
	if got := b.text("#widgets td.outcome"); !strings.Contains(got, "fetch failed") || !strings.Contains(got, "bankUnavailable") {
		t.Fatalf("outcome reads %q", got)
	}
	overflow, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(() => {
		const wrap = document.querySelector("#widgets").parentElement;
		return wrap.scrollWidth > wrap.clientWidth;
	})()`))
	if err != nil || overflow {
		b.shoot("widgets-overflow")
		w, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#widgets tr:first-child th, #widgets tbody tr:first-child td")].map(e => e.offsetWidth).join(" ") + " wrap " + document.querySelector("#widgets").parentElement.clientWidth + " main " + document.querySelector("main").clientWidth`))
		t.Fatalf("the widget table overflows at 1280 px (%v): %s", err, w)
	}
	lines, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`(() => {
		const r = document.createRange();
		r.selectNodeContents(document.querySelector("#widgets td.date"));
		return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
	})()`))
	if err != nil || lines != 2 {
		t.Fatalf("the dates take %d lines (%v)", lines, err)
	}
	b.shoot("widgets")
}
