package web

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
)

var downloadLink = regexp.MustCompile(`id="download-pdf" href="([^"]+)"`)

func TestConsoleShowsASubjectsAnalyticsAndMakesItsPDF(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	a, cl := newAggClient(t, in, oauth.ClientSpec{})
	conn := connectSubject(t, a, "s-1", "user")
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	subject := "/admin/aggregation/" + cl.id + "/subjects/s-1"
	if _, body := consolePage(t, b, in.base+"/admin/aggregation?client="+cl.id); !strings.Contains(body, `href="`+subject+`"`) {
		t.Fatalf("the connections do not lead to the subject: %s", body)
	}

	in.db.MustExec(`INSERT INTO fetches (connection_id, trigger, status) VALUES ($1, 'refetch', 'running')`, conn["id"])
	status, body := consolePage(t, b, in.base+subject)
	if status != 200 || !strings.Contains(body, "being computed") || !strings.Contains(body, `http-equiv="refresh"`) {
		t.Fatalf("while a fetch runs: %d %s", status, body)
	}
	in.db.MustExec(`UPDATE fetches SET status = 'succeeded' WHERE connection_id = $1 AND status = 'running'`, conn["id"])
	body = waitForPage(t, b, in.base+subject, `id="categories-chart"`)
	for _, chart := range []string{"balance-chart", "flows-chart", "categories-chart"} {
		if !strings.Contains(body, fmt.Sprintf(`role="img" aria-labelledby="%[1]s-title %[1]s-desc"`, chart)) ||
			!strings.Contains(body, `<desc id="`+chart+`-desc">`) {
			t.Errorf("%s is not drawn with its title and description", chart)
		}
	}
	for _, table := range []string{"score-table", "balance-table", "flows-table", "categories-table", "kpi-table"} {
		if !strings.Contains(body, `id="`+table+`"`) {
			t.Errorf("no %s", table)
		}
	}
	if strings.Contains(body, "<script") || strings.Contains(body, `http-equiv="refresh"`) {
		t.Error("the analytics page runs a script or reloads itself")
	}

	status, where := consoleSubmit(t, in, b, subject, subject+"/reports", url.Values{})
	if status != http.StatusSeeOther || !strings.HasPrefix(where, subject+"/reports/") {
		t.Fatalf("make the PDF: %d %s", status, where)
	}
	page := waitForPage(t, b, in.base+where, `id="download-pdf"`)
	pdf := fetchPDF(t, html.UnescapeString(downloadLink.FindStringSubmatch(page)[1]))
	if !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("download: %.40q", pdf)
	}
	var actions []string
	if err := in.db.Select(&actions, `SELECT action || ' ' || target FROM audit_log WHERE actor = 'root' AND action NOT LIKE 'session.%' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if strings.Join(actions, ",") != "report.request subject/"+cl.id+"/s-1" {
		t.Fatalf("audit log %v", actions)
	}
	for _, path := range []string{"/admin/aggregation/" + cl.id + "/subjects/nobody", subject + "/reports/unknown", "/admin/aggregation/other-client/subjects/s-1"} {
		if status, _ := consolePage(t, b, in.base+path); status != http.StatusNotFound {
			t.Errorf("%s: %d", path, status)
		}
	}
}

// waitForPage loads u until its body holds want.
func waitForPage(t *testing.T, b *http.Client, u, want string) string {
	t.Helper()
	var body string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var status int
		if status, body = consolePage(t, b, u); status == 200 && strings.Contains(body, want) {
			return body
		}
	}
	t.Fatalf("%s never showed %s: %s", u, want, body)
	return ""
}

// fetchPDF downloads a report through its signed link, with no cookie.
func fetchPDF(t *testing.T, link string) []byte {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("PDF link: %d %s %v", resp.StatusCode, resp.Header.Get("Content-Type"), err)
	}
	return body
}
