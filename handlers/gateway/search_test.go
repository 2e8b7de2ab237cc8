package gateway_test

import (
	"slices"
	"testing"
)

func TestSearchShowcases(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	for _, s := range []struct{ name, from, to string }{
		{"Alpha_1", "2025-01-01T00:00:00Z", "2025-03-01T00:00:00Z"},
		{"alphabet", "2025-02-01T00:00:00Z", "2025-04-01T00:00:00Z"},
		{"beta.2", "2025-03-01T00:00:00Z", "2025-05-01T00:00:00Z"},
		{"gamma", "2025-04-01T00:00:00+02:00", "2025-06-01T00:00:00Z"},
	} {
		a.want(a.do("alice", "POST", "/showcases", map[string]string{"name": s.name, "validFrom": s.from, "validTo": s.to}), 201, 0)
	}
	a.want(a.do("bob", "POST", "/showcases", `{"name":"alphabob","validTo":"2030-01-01T00:00:00Z"}`), 201, 0)
	tests := []struct {
		body string
		want []string
	}{
		{`{}`, []string{"Alpha_1", "alphabet", "beta.2", "gamma"}},
		{`{"nameFilter":"ALPHA"}`, []string{"Alpha_1", "alphabet"}},
		{`{"nameFilter":"a_"}`, []string{"Alpha_1"}},
		{`{"nameFilter":"%"}`, nil},
		{`{"nameFilter":"zzz"}`, nil},
		{`{"startValidity":"2025-02-01T00:00:00Z"}`, []string{"alphabet", "beta.2", "gamma"}},
		{`{"endValidity":"2025-04-01T00:00:00Z"}`, []string{"Alpha_1", "alphabet"}},
		{`{"startValidity":"2025-03-31T22:00:00Z","endValidity":"2025-06-01T00:00:00Z"}`, []string{"gamma"}},
		{`{"nameFilter":"a","startValidity":"2025-02-01T00:00:00Z","endValidity":"2025-05-01T00:00:00Z"}`, []string{"alphabet", "beta.2"}},
	}
	for _, tt := range tests {
		r := a.do("alice", "POST", "/showcases/search?sort=name", tt.body)
		a.want(r, 200, 0)
		if got := names(t, r); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.body, got, tt.want)
		}
	}
	for _, bad := range []string{`{"startValidity":"2025"}`, `{"endValidity":5}`, `{"nameFilter":["a"]}`, `{"owner":"bob"}`, ``} {
		a.want(a.do("alice", "POST", "/showcases/search", bad), 400, 4000)
	}
}

func TestSearchReminders(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	a.showcase("alice", "home")
	ids := map[string]string{
		"a": a.reminder("alice", "home", 1, 0), // Renew this before it expires.
		"b": a.reminder("alice", "home", 1, 2), // Check the latest account balance.
		"c": a.reminder("alice", "home", 2, 5), // Download and keep the monthly statement.
		"d": a.reminder("alice", "home", -1, 10),
	}
	tests := []struct {
		body string
		want []string
	}{
		{`{}`, []string{"a", "b", "c", "d"}},
		{`{"relevance":1}`, []string{"a", "b"}},
		{`{"relevance":0}`, nil},
		{`{"textFilter":"THE"}`, []string{"b", "c", "d"}},
		{`{"relevance":2,"textFilter":"monthly"}`, []string{"c"}},
	}
	for _, tt := range tests {
		r := a.do("alice", "POST", "/showcases/home/reminders/search?sort=identifier,asc", tt.body)
		a.want(r, 200, 0)
		var p struct{ Content []struct{ Identifier string } }
		r.decode(t, &p)
		var got []string
		for _, c := range p.Content {
			for k, id := range ids {
				if id == c.Identifier {
					got = append(got, k)
				}
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.body, got, tt.want)
		}
	}
}

func names(t *testing.T, r response) []string {
	var p struct{ Content []struct{ Name string } }
	r.decode(t, &p)
	var out []string
	for _, s := range p.Content {
		out = append(out, s.Name)
	}
	return out
}
