package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var reminderLink = regexp.MustCompile(`href="(/admin/showcases/budget-01/reminders/[0-9a-f-]{36})"`)

func TestConsoleManagesAShowcasesReminders(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	seedShowcases(t, in.st)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	const list = "/admin/showcases/budget-01/reminders"

	tests := []struct {
		name       string
		form       url.Values
		want       int
		wantInBody string
	}{
		{"added", url.Values{"relevance": {"7"}, "selectableTextIdx": {"3"}}, http.StatusSeeOther, list},
		{"no relevance", url.Values{"selectableTextIdx": {"3"}}, http.StatusBadRequest, "relevance is required"},
		{"relevance not a number", url.Values{"relevance": {"seven"}, "selectableTextIdx": {"3"}}, http.StatusBadRequest, "relevance must be a whole number"},
		{"text outside the catalogue", url.Values{"relevance": {"1"}, "selectableTextIdx": {"999"}}, http.StatusBadRequest, "reminder-text catalogue"},
		{"negative text index", url.Values{"relevance": {"1"}, "selectableTextIdx": {"-1"}}, http.StatusBadRequest, "selectableTextIdx must be an index"},
	}
	for _, tt := range tests {
		status, body := consoleSubmit(t, in, b, list, list, tt.form)
		if status != tt.want || !strings.Contains(body, tt.wantInBody) {
			t.Errorf("%s: %d %.300s", tt.name, status, body)
		}
	}
	status, body := consolePage(t, b, in.base+list)
	m := reminderLink.FindStringSubmatch(body)
	if status != 200 || m == nil || !strings.Contains(body, `data-total="1"`) {
		t.Fatalf("list: %d %s", status, body)
	}
	reminder := m[1]
	if status, where := consoleSubmit(t, in, b, reminder, reminder, url.Values{"relevance": {"9"}, "selectableTextIdx": {"5"}}); status != http.StatusSeeOther || where != list {
		t.Fatalf("edit: %d %s", status, where)
	}
	if status, body := consoleSubmit(t, in, b, reminder, reminder, url.Values{"relevance": {""}, "selectableTextIdx": {""}}); status != http.StatusBadRequest || !strings.Contains(body, "must set relevance") {
		t.Fatalf("empty edit: %d %.300s", status, body)
	}
	var relevance, idx int
	if err := in.db.QueryRow(`SELECT relevance, text_idx FROM reminders WHERE showcase = 'budget-01'`).Scan(&relevance, &idx); err != nil || relevance != 9 || idx != 5 {
		t.Fatalf("after edit: %d %d %v", relevance, idx, err)
	}
	if status, where := consoleSubmit(t, in, b, list, reminder+"/delete?page=0", url.Values{}); status != http.StatusSeeOther || !strings.HasPrefix(where, list+"?") {
		t.Fatalf("delete: %d %s", status, where)
	}
	if status, _ := consolePage(t, b, in.base+reminder); status != http.StatusNotFound {
		t.Fatalf("deleted reminder: %d", status)
	}
	for _, path := range []string{list + "/not-a-uuid", "/admin/showcases/no-such-showcase/reminders"} {
		if status, _ := consolePage(t, b, in.base+path); status != http.StatusNotFound {
			t.Errorf("%s: %d", path, status)
		}
	}
	checkReminderAudit(t, in)
}

// checkReminderAudit reads the entries the create, edit and delete wrote:
// who, what, and the record before and after.
func checkReminderAudit(t *testing.T, in *instance) {
	t.Helper()
	var rows []struct {
		Actor, Action, Target string
		Before, After         []byte
	}
	if err := in.db.Select(&rows, `SELECT actor, action, target, before, after FROM audit_log WHERE action LIKE 'reminder.%' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0].Action != "reminder.create" || rows[1].Action != "reminder.update" || rows[2].Action != "reminder.delete" {
		t.Fatalf("audit log %+v", rows)
	}
	var before, after struct {
		Relevance int `json:"relevance"`
		TextIdx   int `json:"selectableTextIdx"`
	}
	if err := json.Unmarshal(rows[1].Before, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rows[1].After, &after); err != nil {
		t.Fatal(err)
	}
	if rows[1].Actor != "root" || !strings.HasPrefix(rows[1].Target, "showcase/budget-01/reminders/") ||
		before.Relevance != 7 || before.TextIdx != 3 || after.Relevance != 9 || after.TextIdx != 5 || rows[2].After != nil {
		t.Fatalf("update entry %+v: %+v → %+v", rows[1], before, after)
	}
}

func TestConsoleReminderFormsNeedTheirToken(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	seedShowcases(t, in.st)
	const id = "01935f6e-5a3c-7c3e-9b1a-2d4e6f8a0b1c"
	in.db.MustExec(`INSERT INTO reminders (showcase, identifier, relevance, text_idx, text) VALUES ('budget-01', $1, 4, 0, 'seeded')`, id)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	list := "/admin/showcases/budget-01/reminders"
	for _, action := range []string{list, list + "/" + id, list + "/" + id + "/delete"} {
		for _, token := range []string{"", "forged"} {
			resp := post(t, b, in.base+action, url.Values{"csrf_token": {token}, "relevance": {"1"}, "selectableTextIdx": {"0"}})
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "This form has expired") {
				t.Fatalf("%s with token %q: %d %s", action, token, resp.StatusCode, body)
			}
		}
	}
	var n, relevance int
	if err := in.db.QueryRow(`SELECT count(*), max(relevance) FROM reminders`).Scan(&n, &relevance); err != nil || n != 1 || relevance != 4 {
		t.Fatalf("reminders %d, relevance %d, %v", n, relevance, err)
	}
	if err := in.db.Get(&n, `SELECT count(*) FROM audit_log WHERE action NOT LIKE 'session.%'`); err != nil || n != 0 {
		t.Fatalf("audit entries %d %v", n, err)
	}
}

func TestConsoleRemindersStopAtTheShowcaseLimit(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	in.consoleUser(t, "root", "root-password", true)
	seedShowcases(t, in.st)
	in.db.MustExec(`INSERT INTO reminders (showcase, identifier, relevance, text_idx, text)
		SELECT 'budget-02', gen_random_uuid(), g, 0, 'seeded' FROM generate_series(1, 1000) g`)
	in.db.MustExec(`UPDATE showcases SET reminder_count = 1000 WHERE name = 'budget-02'`)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	const list = "/admin/showcases/budget-02/reminders"
	status, body := consoleSubmit(t, in, b, list, list, url.Values{"relevance": {"1"}, "selectableTextIdx": {"0"}})
	if status != http.StatusConflict || !strings.Contains(body, "limit is reached") {
		t.Fatalf("over the limit: %d %.300s", status, body)
	}
	status, body = consolePage(t, b, in.base+list+"?page=2&size=100")
	if status != 200 || strings.Count(body, "/delete?") != 100 || !strings.Contains(body, "page=3") || !strings.Contains(body, `data-total="1000"`) {
		t.Fatalf("third page: %d, %d rows", status, strings.Count(body, "/delete?"))
	}
	if status, body = consolePage(t, b, in.base+list+"?size=500"); status != 200 || !strings.Contains(body, "size must be a whole number from 1 to 100") {
		t.Fatalf("size over the gateway's maximum: %d %.300s", status, body)
	}
}
