package gateway_test

import (
	"fmt"
	"strings"
	"testing"
)

// Callers of the access matrix: the owner, a READ_ONLY grantee, a
// FULL_ACCESS grantee, a stranger and a client-credentials caller.
var matrixCallers = []string{"alice", "bob", "carol", "dan", clientBot}

// matrixFixture is a showcase of alice's shared with bob (READ_ONLY) and
// carol (FULL_ACCESS), holding one reminder.
type matrixFixture struct {
	showcase, reminder string
	bobConsent         int32
}

func (a *api) matrixFixture(name string) matrixFixture {
	a.showcase("alice", name)
	f := matrixFixture{showcase: name}
	f.bobConsent = a.consent("alice", name, "bob", "READ_ONLY")
	a.consent("alice", name, "carol", "FULL_ACCESS")
	f.reminder = a.reminder("alice", name, 5, 3)
	return f
}

// TestAccessMatrix runs every operation as each kind of caller on a fresh
// fixture and checks the status of each cell.
func TestAccessMatrix(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(1000))
	ops := []struct {
		name, method, path, body string
		want                     [5]int // alice, bob, carol, dan, client
	}{
		{"list showcases", "GET", "/showcases", ``, [5]int{200, 200, 200, 200, 200}},
		{"create showcase", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z"}`, [5]int{201, 201, 201, 201, 201}},
		{"search showcases", "POST", "/showcases/search", `{"nameFilter":"m"}`, [5]int{200, 200, 200, 200, 200}},
		{"get showcase", "GET", "/showcases/{s}", ``, [5]int{200, 200, 200, 404, 404}},
		{"patch showcase", "PATCH", "/showcases/{s}", `{"validTo":"2031-01-01T00:00:00Z"}`, [5]int{200, 403, 200, 404, 404}},
		{"delete showcase", "DELETE", "/showcases/{s}", ``, [5]int{204, 403, 403, 404, 404}},
		{"list reminders", "GET", "/showcases/{s}/reminders", ``, [5]int{200, 200, 200, 404, 404}},
		{"create reminder", "POST", "/showcases/{s}/reminders", `{"relevance":1,"selectableTextIdx":1}`, [5]int{201, 403, 201, 404, 404}},
		{"search reminders", "POST", "/showcases/{s}/reminders/search", `{"relevance":5}`, [5]int{200, 200, 200, 404, 404}},
		{"get reminder", "GET", "/showcases/{s}/reminders/{r}", ``, [5]int{200, 200, 200, 404, 404}},
		{"patch reminder", "PATCH", "/showcases/{s}/reminders/{r}", `{"relevance":9}`, [5]int{200, 403, 200, 404, 404}},
		{"delete reminder", "DELETE", "/showcases/{s}/reminders/{r}", ``, [5]int{204, 403, 204, 404, 404}},
		{"list consents", "GET", "/consents", ``, [5]int{200, 200, 200, 200, 200}},
		{"create consent", "POST", "/consents", `{"showcase":"{s}","username":"erin","consentLevel":"READ_ONLY"}`, [5]int{201, 403, 403, 404, 404}},
		{"get consent", "GET", "/consents/{c}/{s}", ``, [5]int{200, 200, 404, 404, 404}},
		{"delete consent", "DELETE", "/consents/{c}/{s}", ``, [5]int{204, 403, 404, 404, 404}},
		{"reminder texts", "GET", "/reminder-texts", ``, [5]int{200, 200, 200, 200, 200}},
	}
	for i, op := range ops {
		for j, caller := range matrixCallers {
			f := a.matrixFixture(fmt.Sprintf("m%d-%d", i, j))
			fill := func(s string) string {
				return expand(s, map[string]string{"{s}": f.showcase, "{r}": f.reminder, "{c}": fmt.Sprint(f.bobConsent)})
			}
			r := a.do(caller, op.method, fill(op.path), fill(op.body))
			if r.Status != op.want[j] {
				t.Errorf("%s as %s: got %d %s, want %d", op.name, caller, r.Status, r.Body, op.want[j])
			}
		}
	}
}

func expand(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, k, v)
	}
	return s
}

// TestListsShowOnlyWhatTheCallerMaySee checks the lists and searches of each
// caller of the matrix.
func TestListsShowOnlyWhatTheCallerMaySee(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(1000))
	f := a.matrixFixture("seen")
	a.showcase("dan", "dans")
	a.showcase(clientBot, "bots")
	want := map[string][]string{"alice": {"seen"}, "bob": {"seen"}, "carol": {"seen"}, "dan": {"dans"}, clientBot: {"bots"}}
	for _, caller := range matrixCallers {
		for _, r := range []response{a.do(caller, "GET", "/showcases", nil), a.do(caller, "POST", "/showcases/search", `{}`)} {
			var p struct{ Content []struct{ Name string } }
			r.decode(t, &p)
			if len(p.Content) != len(want[caller]) || p.Content[0].Name != want[caller][0] {
				t.Errorf("%s sees %s, want %v", caller, r.Body, want[caller])
			}
		}
		r := a.do(caller, "POST", "/showcases/"+f.showcase+"/reminders/search", `{"textFilter":"DIRECT debit"}`)
		if r.Status == 200 && !strings.Contains(string(r.Body), f.reminder) {
			t.Errorf("%s: reminder search missed the reminder: %s", caller, r.Body)
		}
	}
}
