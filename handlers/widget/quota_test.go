package widget_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"openbank/aggregation"
)

// TestWidgetStopsAtTheSubjectsConnectionQuota: a subject who holds as
// many connections as the client's quota allows is told so on the widget
// (409), and no connection is added.
func TestWidgetStopsAtTheSubjectsConnectionQuota(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.svc.Quotas = aggregation.Quotas{SubjectConnections: 1}
	agree := func() (int, string) {
		w := e.widget(t, landing().URL+"/back", false)
		b := newBrowser(t, e.base)
		b.do("GET", w.URL, nil)
		path := fmt.Sprintf("/widget/w/%d", w.Widget.ID)
		csrf := b.page(path+"/consent?bank=embedded-scenario", 200).Find("input[name=csrf_token]").AttrOr("value", "")
		resp, body := b.do("POST", path+"/consent", url.Values{"csrf_token": {csrf}, "bank": {"embedded-scenario"}})
		return resp.StatusCode, body
	}
	if code, body := agree(); code != 303 {
		t.Fatalf("first bank: %d %.300s", code, body)
	}
	code, body := agree()
	if code != 409 || !strings.Contains(body, "No more banks can be connected here") {
		t.Fatalf("second bank: %d %.300s", code, body)
	}
	var n int
	if err := e.db.Get(&n, `SELECT count(*) FROM connections`); err != nil || n != 1 {
		t.Fatalf("%d connections stored (%v), want 1", n, err)
	}
}
