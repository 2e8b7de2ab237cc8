package web

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/aggregation/results"
	"openbank/oauth"
)

// TestAnalyticsAndReportsRefusals checks products, tenancy, subjects
// without data and bad parameters.
func TestAnalyticsAndReportsRefusals(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductInsight, oauth.ProductPDF}})
	insightOnly, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductInsight}})
	plain, _ := newAggClient(t, in, oauth.ClientSpec{})
	connectSubject(t, a, "s-1", "user")
	connectSubject(t, a, "s-0", "sca-fail")
	tests := []struct {
		name   string
		client *aggClient
		path   string
		want   int
	}{
		{"no insight product", plain, "/subjects/s-1/analytics", 403},
		{"no insight product, report", plain, "/subjects/s-1/reports", 403},
		{"PDF without the pdf product", insightOnly, "/subjects/s-1/reports?format=pdf", 403},
		{"another client's subject", insightOnly, "/subjects/s-1/analytics", 404},
		{"another client's report", insightOnly, "/subjects/s-1/reports", 404},
		{"unknown subject", a, "/subjects/nobody/analytics", 404},
		{"no successful fetch yet", a, "/subjects/s-0/analytics", 409},
		{"no successful fetch yet, report", a, "/subjects/s-0/reports", 409},
		{"unknown format", a, "/subjects/s-1/reports?format=xml", 400},
		{"bad subject id", a, "/subjects/no%20spaces/analytics", 400},
	}
	for _, tt := range tests {
		for _, version := range []string{"v3.12.0", "v3.11.0"} {
			if r := tt.client.get(version, tt.path, nil); r.code != tt.want || !bytes.Contains(r.body, []byte(`"fault"`)) {
				t.Errorf("%s (%s): %d %s, want %d", tt.name, version, r.code, r.body, tt.want)
			}
		}
	}
	if r := insightOnly.get("v3.12.0", "/subjects/s-1/reports", map[string]string{"Accept": "application/pdf"}); r.code != 403 {
		t.Errorf("Accept: application/pdf without the pdf product: %d", r.code)
	}
}

// TestAnalyticsAnsweredAtOnceOrThroughALink reads a small subject's
// analytics and reports at once, then asynchronously through the storage
// endpoint, while a fetch runs, as a PDF, and after the link expired.
func TestAnalyticsAnsweredAtOnceOrThroughALink(t *testing.T) {
	t.Parallel()
	clock := &shiftClock{}
	in := startClockedInstance(t, clock.now)
	a, cl := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductInsight, oauth.ProductPDF}})
	conn := connectSubject(t, a, "s-1", "user")

	for _, version := range []string{"v3.12.0", "v3.11.0"} {
		r := a.get(version, "/subjects/s-1/analytics", nil)
		body := r.json(t)
		kpis, _ := body["kpis"].(map[string]any)
		if r.code != 200 || body["score"] == nil || len(kpis["windows"].([]any)) != 4 || len(body["categoriesByMonth"].([]any)) != 12 {
			t.Fatalf("%s analytics: %d %.300s", version, r.code, r.body)
		}
	}
	var stored int
	in.db.Get(&stored, `SELECT count(*) FROM results WHERE client_id = $1 AND kind = 'analytics'`, cl.id)
	if stored != 1 {
		t.Errorf("%d analytics results stored, want 1 (the second call reads the first)", stored)
	}
	if r := a.get("v3.12.0", "/subjects/s-1/reports", nil); r.code != 200 || r.json(t)["subject"] == nil {
		t.Fatalf("JSON report: %d %.300s", r.code, r.body)
	}

	r := a.get("v3.12.0", "/subjects/s-1/analytics", map[string]string{"Prefer": "respond-async"})
	link := linkOf(t, r, clock.now())
	if r.header.Get("Preference-Applied") != "respond-async" {
		t.Errorf("Preference-Applied: %q", r.header.Get("Preference-Applied"))
	}
	if got := follow(t, link); got.code != 200 || got.json(t)["subjectId"] != "s-1" {
		t.Fatalf("link: %d %.300s", got.code, got.body)
	}
	for _, forged := range []string{strings.Replace(link, "sig=", "sig=A", 1), strings.Replace(link, "expires=", "expires=9", 1),
		link[:strings.Index(link, "/results/")+9] + "unknown?expires=9999999999&sig=AAAA"} {
		if got := follow(t, forged); got.code != 404 {
			t.Errorf("forged link %s: %d %s", forged, got.code, got.body)
		}
	}

	in.db.MustExec(`INSERT INTO fetches (connection_id, trigger, status) VALUES ($1, 'refetch', 'running')`, conn["id"])
	running := linkOf(t, a.get("v3.12.0", "/subjects/s-1/analytics", nil), clock.now())
	in.db.MustExec(`UPDATE fetches SET status = 'succeeded' WHERE connection_id = $1 AND status = 'running'`, conn["id"])
	if got := follow(t, running); got.code != 200 {
		t.Fatalf("result built after the fetch: %d %.300s", got.code, got.body)
	}

	pdf := linkOf(t, a.get("v3.12.0", "/subjects/s-1/reports?format=pdf", nil), clock.now())
	got := follow(t, pdf)
	if got.code != 200 || got.header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(got.body, []byte("%PDF")) {
		t.Fatalf("PDF: %d %s %.40q", got.code, got.header.Get("Content-Type"), got.body)
	}

	clock.move(24*time.Hour + time.Second)
	if got := follow(t, link); got.code != http.StatusGone {
		t.Fatalf("expired link: %d %s", got.code, got.body)
	}
	if err := in.newResults(nil).RunCleanup(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	in.db.Get(&stored, `SELECT count(*) FROM results WHERE client_id = $1`, cl.id)
	if got := follow(t, pdf); stored != 0 || got.code != http.StatusGone {
		t.Fatalf("after clean-up: %d results left, link %d", stored, got.code)
	}
}

// TestResultsCleanupIsScheduledDaily checks the assembly: the aggregation's
// scheduler queues the results' clean-up, once a day however many ticks.
func TestResultsCleanupIsScheduledDaily(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	for range 2 {
		if err := in.Aggregation().Tick(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	var queued int
	if err := in.db.Get(&queued, `SELECT count(*) FROM jobs WHERE kind = $1`, results.CleanupJob); err != nil {
		t.Fatal(err)
	}
	if queued != 1 {
		t.Fatalf("%d %s jobs after two ticks, want 1", queued, results.CleanupJob)
	}
}
