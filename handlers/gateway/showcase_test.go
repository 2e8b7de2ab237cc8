package gateway_test

import (
	"fmt"
	"strings"
	"testing"

	"openbank/handlers/fault"
)

func TestShowcaseLifecycle(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	r := a.do("alice", "POST", "/showcases", map[string]string{"name": "Summer.24", "validFrom": "2025-03-01T10:00:00+02:00", "validTo": "2025-06-01T00:00:00Z"})
	a.want(r, 201, 0)
	if want := `{"name":"Summer.24","owner":"alice","validFrom":"2025-03-01T08:00:00Z","validTo":"2025-06-01T00:00:00Z"}`; string(r.Body) != want {
		t.Fatalf("created %s, want %s", r.Body, want)
	}
	a.want(a.do("alice", "GET", "/showcases/Summer.24", nil), 200, 0)
	r = a.do("alice", "PATCH", "/showcases/Summer.24", `{"validTo":"2026-01-01T00:00:00.123456Z"}`)
	a.want(r, 200, 0)
	if !strings.Contains(string(r.Body), `"validTo":"2026-01-01T00:00:00.123456Z"`) || !strings.Contains(string(r.Body), `"validFrom":"2025-03-01T08:00:00Z"`) {
		t.Fatalf("patched %s", r.Body)
	}
	a.want(a.do("alice", "DELETE", "/showcases/Summer.24", nil), 204, 0)
	a.want(a.do("alice", "GET", "/showcases/Summer.24", nil), 404, fault.CodeNotFound)
	a.want(a.do("alice", "DELETE", "/showcases/Summer.24", nil), 404, fault.CodeNotFound)
}

func TestCreateShowcaseDefaults(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	r := a.do("alice", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z"}`)
	a.want(r, 201, 0)
	var s struct{ Name, ValidFrom string }
	r.decode(t, &s)
	if !strings.HasPrefix(s.Name, "sc-") || len(s.Name) != 15 || s.ValidFrom != "2025-01-01T00:00:00Z" {
		t.Fatalf("generated %+v, want an sc- name valid from the clock's now", s)
	}
}

func TestShowcaseValidation(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	a.showcase("alice", "taken")
	tests := []struct {
		name, method, path, body string
		status, code             int
		field                    string
	}{
		{"no body", "POST", "/showcases", ``, 400, fault.CodeValidation, "body"},
		{"invalid json", "POST", "/showcases", `{"validTo":`, 400, fault.CodeValidation, "body"},
		{"array body", "POST", "/showcases", `[]`, 400, fault.CodeValidation, "body"},
		{"null body", "POST", "/showcases", `null`, 400, fault.CodeValidation, "body"},
		{"trailing data", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z"} {}`, 400, fault.CodeValidation, "body"},
		{"unknown field", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z","colour":"red"}`, 400, fault.CodeValidation, "colour"},
		{"owner is output only", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z","owner":"bob"}`, 400, fault.CodeValidation, "owner"},
		{"mistyped date", "POST", "/showcases", `{"validTo":20300101}`, 400, fault.CodeValidation, "validTo"},
		{"missing validTo", "POST", "/showcases", `{"validFrom":"2030-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "validTo"},
		{"bad date", "POST", "/showcases", `{"validTo":"2030-13-01"}`, 400, fault.CodeValidation, "validTo"},
		{"bad validFrom", "POST", "/showcases", `{"validFrom":"yesterday","validTo":"2030-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "validFrom"},
		{"from after to", "POST", "/showcases", `{"validFrom":"2031-01-01T00:00:00Z","validTo":"2030-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "validFrom"},
		{"name pattern", "POST", "/showcases", `{"name":"-x","validTo":"2030-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "name"},
		{"name too long", "POST", "/showcases", `{"name":"` + strings.Repeat("a", 65) + `","validTo":"2030-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "name"},
		{"name taken", "POST", "/showcases", `{"name":"taken","validTo":"2030-01-01T00:00:00Z"}`, 409, fault.CodeConflict, ""},
		{"patch empty", "PATCH", "/showcases/taken", `{}`, 400, fault.CodeValidation, "body"},
		{"patch name", "PATCH", "/showcases/taken", `{"name":"other"}`, 400, fault.CodeValidation, "name"},
		{"patch from after to", "PATCH", "/showcases/taken", `{"validFrom":"2026-01-01T00:00:00Z"}`, 400, fault.CodeValidation, "validFrom"},
		{"patch bad date", "PATCH", "/showcases/taken", `{"validTo":"2030-01-01"}`, 400, fault.CodeValidation, "validTo"},
		{"patch missing", "PATCH", "/showcases/nothing", `{"validTo":"2030-01-01T00:00:00Z"}`, 404, fault.CodeNotFound, ""},
		{"patch no body", "PATCH", "/showcases/taken", ``, 400, fault.CodeValidation, "body"},
		{"get impossible name", "GET", "/showcases/-bad", ``, 404, fault.CodeNotFound, ""},
		{"too large", "POST", "/showcases", `{"name":"` + strings.Repeat("a", 70000) + `"}`, 413, fault.CodeTooLarge, ""},
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

func TestShowcaseLimitAndSecondOwner(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(2))
	for i := range 2 {
		a.showcase("alice", fmt.Sprintf("a%d", i))
	}
	r := a.do("alice", "POST", "/showcases", `{"validTo":"2030-01-01T00:00:00Z"}`)
	a.want(r, 409, fault.CodeLimit)
	a.showcase("bob", "b0")
}

func TestUnauthenticated(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(2))
	a.want(a.do(noPrincpal, "GET", "/showcases", nil), 401, fault.CodeUnauthorized)
	a.want(a.do(noPrincpal, "POST", "/consents", `{}`), 401, fault.CodeUnauthorized)
	a.want(a.do(noPrincpal, "GET", "/reminder-texts", nil), 401, fault.CodeUnauthorized)
}

// A name already taken is named in the refusal, so the caller knows which.
func TestShowcaseNameTakenNamesIt(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(100))
	body := `{"name":"summer-sale","validTo":"2030-01-01T00:00:00Z"}`
	a.want(a.do("alice", "POST", "/showcases", body), 201, 0)
	r := a.do("alice", "POST", "/showcases", body)
	a.want(r, 409, fault.CodeConflict)
	var e fault.Response
	r.decode(t, &e)
	if !strings.Contains(e.Fault.Description, `"summer-sale" is taken`) {
		t.Errorf("description %q does not name the taken name", e.Fault.Description)
	}
}
