package gateway_test

import (
	"strings"
	"testing"

	"openbank/handlers/fault"
)

func TestReminderLifecycle(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	a.showcase("alice", "home")
	r := a.do("alice", "POST", "/showcases/home/reminders", `{"relevance":-7,"selectableTextIdx":2}`)
	a.want(r, 201, 0)
	var rem struct {
		Identifier, Showcase, Text   string
		Relevance, SelectableTextIdx int32
	}
	r.decode(t, &rem)
	if rem.Showcase != "home" || rem.Relevance != -7 || rem.Text != "Check the latest account balance." || len(rem.Identifier) != 36 {
		t.Fatalf("created %s", r.Body)
	}
	path := "/showcases/home/reminders/" + rem.Identifier
	a.want(a.do("alice", "GET", path, nil), 200, 0)
	r = a.do("alice", "PATCH", path, `{"selectableTextIdx":11}`)
	a.want(r, 200, 0)
	if !strings.Contains(string(r.Body), `"text":"Share this with your accountant."`) || !strings.Contains(string(r.Body), `"relevance":-7`) {
		t.Fatalf("patched %s", r.Body)
	}
	a.want(a.do("alice", "PATCH", path, `{"relevance":2147483647}`), 200, 0)
	a.want(a.do("alice", "DELETE", path, nil), 204, 0)
	a.want(a.do("alice", "GET", path, nil), 404, fault.CodeNotFound)
	a.want(a.do("alice", "DELETE", path, nil), 404, fault.CodeNotFound)
	a.want(a.do("alice", "PATCH", path, `{"relevance":1}`), 404, fault.CodeNotFound)
}

func TestReminderErrors(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(1))
	a.showcase("alice", "home")
	id := a.reminder("alice", "home", 1, 0)
	tests := []struct {
		name, method, path, body string
		status, code             int
		field                    string
	}{
		{"no body", "POST", "/showcases/home/reminders", ``, 400, fault.CodeValidation, "body"},
		{"missing relevance", "POST", "/showcases/home/reminders", `{"selectableTextIdx":1}`, 400, fault.CodeValidation, "relevance"},
		{"missing text", "POST", "/showcases/home/reminders", `{"relevance":1}`, 400, fault.CodeValidation, "selectableTextIdx"},
		{"relevance beyond int32", "POST", "/showcases/home/reminders", `{"relevance":2147483648,"selectableTextIdx":1}`, 400, fault.CodeValidation, "relevance"},
		{"relevance fraction", "POST", "/showcases/home/reminders", `{"relevance":1.5,"selectableTextIdx":1}`, 400, fault.CodeValidation, "relevance"},
		{"relevance string", "POST", "/showcases/home/reminders", `{"relevance":"1","selectableTextIdx":1}`, 400, fault.CodeValidation, "relevance"},
		{"text outside catalogue", "POST", "/showcases/home/reminders", `{"relevance":1,"selectableTextIdx":12}`, 400, fault.CodeValidation, "selectableTextIdx"},
		{"negative text", "POST", "/showcases/home/reminders", `{"relevance":1,"selectableTextIdx":-1}`, 400, fault.CodeValidation, "selectableTextIdx"},
		{"text is output only", "POST", "/showcases/home/reminders", `{"relevance":1,"selectableTextIdx":1,"text":"x"}`, 400, fault.CodeValidation, "text"},
		{"limit", "POST", "/showcases/home/reminders", `{"relevance":1,"selectableTextIdx":1}`, 409, fault.CodeLimit, ""},
		{"no showcase", "POST", "/showcases/none/reminders", `{"relevance":1,"selectableTextIdx":1}`, 404, fault.CodeNotFound, ""},
		{"list no showcase", "GET", "/showcases/none/reminders", ``, 404, fault.CodeNotFound, ""},
		{"search no showcase", "POST", "/showcases/none/reminders/search", `{}`, 404, fault.CodeNotFound, ""},
		{"search no body", "POST", "/showcases/home/reminders/search", ``, 400, fault.CodeValidation, "body"},
		{"search bad relevance", "POST", "/showcases/home/reminders/search", `{"relevance":"high"}`, 400, fault.CodeValidation, "relevance"},
		{"search unknown field", "POST", "/showcases/home/reminders/search", `{"text":"x"}`, 400, fault.CodeValidation, "text"},
		{"get not a uuid", "GET", "/showcases/home/reminders/42", ``, 404, fault.CodeNotFound, ""},
		{"get unknown", "GET", "/showcases/home/reminders/0190a0b0-0000-7000-8000-000000000000", ``, 404, fault.CodeNotFound, ""},
		{"patch empty", "PATCH", "/showcases/home/reminders/" + id, `{}`, 400, fault.CodeValidation, "body"},
		{"patch text outside", "PATCH", "/showcases/home/reminders/" + id, `{"selectableTextIdx":99}`, 400, fault.CodeValidation, "selectableTextIdx"},
		{"patch mistyped", "PATCH", "/showcases/home/reminders/" + id, `{"relevance":true}`, 400, fault.CodeValidation, "relevance"},
		{"patch invalid json", "PATCH", "/showcases/home/reminders/" + id, `{"relevance":`, 400, fault.CodeValidation, "body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := a.in(t)
			r := a.do("alice", tt.method, tt.path, tt.body)
			a.want(r, tt.status, tt.code)
			var e fault.Response
			r.decode(t, &e)
			if tt.field != "" && !strings.HasPrefix(e.Fault.Description, tt.field+":") {
				t.Fatalf("description %q does not name %s", e.Fault.Description, tt.field)
			}
		})
	}
}

func TestReminderTexts(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(1))
	r := a.do(clientBot, "GET", "/reminder-texts", nil)
	a.want(r, 200, 0)
	var texts struct {
		Content []struct {
			SelectableTextIdx int32
			Text              string
		}
	}
	r.decode(t, &texts)
	if len(texts.Content) != 12 || texts.Content[11].SelectableTextIdx != 11 || texts.Content[0].Text == "" {
		t.Fatalf("catalogue %s", r.Body)
	}
}

func TestDeleteShowcaseCascades(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(10))
	a.showcase("alice", "gone")
	a.reminder("alice", "gone", 1, 1)
	a.consent("alice", "gone", "bob", "READ_ONLY")
	a.want(a.do("alice", "DELETE", "/showcases/gone", nil), 204, 0)
	var n int
	if err := a.db.Get(&n, `SELECT (SELECT count(*) FROM reminders) + (SELECT count(*) FROM consents)`); err != nil || n != 0 {
		t.Fatalf("left %d reminders and consents (%v)", n, err)
	}
	a.showcase("alice", "gone")
	a.want(a.do("bob", "GET", "/showcases/gone", nil), 404, fault.CodeNotFound)
}
