package gateway_test

import (
	"fmt"
	"strings"
	"testing"

	"openbank/handlers/fault"
)

func TestConsentLifecycle(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(10))
	a.showcase("alice", "shared")
	r := a.do("alice", "POST", "/consents", `{"showcase":"shared","username":"bob","consentLevel":"READ_ONLY"}`)
	a.want(r, 201, 0)
	var c struct {
		Identifier                       int32
		Showcase, Username, ConsentLevel string
	}
	r.decode(t, &c)
	if c.Identifier <= 0 || c.Showcase != "shared" || c.Username != "bob" || c.ConsentLevel != "READ_ONLY" {
		t.Fatalf("created %s", r.Body)
	}
	path := fmt.Sprintf("/consents/%d/shared", c.Identifier)
	a.want(a.do("alice", "GET", path, nil), 200, 0)
	a.want(a.do("bob", "GET", path, nil), 200, 0)
	a.want(a.do("carol", "GET", path, nil), 404, fault.CodeNotFound)
	a.want(a.do("bob", "GET", "/showcases/shared", nil), 200, 0)
	a.want(a.do("alice", "GET", fmt.Sprintf("/consents/%d/other", c.Identifier), nil), 404, fault.CodeNotFound)
	a.want(a.do("bob", "DELETE", path, nil), 403, fault.CodeForbidden)
	a.want(a.do("alice", "DELETE", path, nil), 204, 0)
	a.want(a.do("alice", "DELETE", path, nil), 404, fault.CodeNotFound)
	a.want(a.do("bob", "GET", "/showcases/shared", nil), 404, fault.CodeNotFound)
}

func TestConsentErrors(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(1))
	a.showcase("alice", "shared")
	a.showcase("carol", "carols")
	a.consent("alice", "shared", "bob", "FULL_ACCESS")
	tests := []struct {
		name, caller, method, path, body string
		status, code                     int
		field                            string
	}{
		{"no body", "alice", "POST", "/consents", ``, 400, fault.CodeValidation, "body"},
		{"missing showcase", "alice", "POST", "/consents", `{"username":"dan","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "showcase"},
		{"missing username", "alice", "POST", "/consents", `{"showcase":"shared","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "username"},
		{"missing level", "alice", "POST", "/consents", `{"showcase":"shared","username":"dan"}`, 400, fault.CodeValidation, "consentLevel"},
		{"bad level", "alice", "POST", "/consents", `{"showcase":"shared","username":"dan","consentLevel":"ALL"}`, 400, fault.CodeValidation, "consentLevel"},
		{"lower-case level", "alice", "POST", "/consents", `{"showcase":"shared","username":"dan","consentLevel":"read_only"}`, 400, fault.CodeValidation, "consentLevel"},
		{"identifier is generated", "alice", "POST", "/consents", `{"identifier":5,"showcase":"shared","username":"dan","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "identifier"},
		{"username with space", "alice", "POST", "/consents", `{"showcase":"shared","username":"d an","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "username"},
		{"empty username", "alice", "POST", "/consents", `{"showcase":"shared","username":"","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "username"},
		{"to the owner", "alice", "POST", "/consents", `{"showcase":"shared","username":"alice","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "username"},
		{"bad showcase name", "alice", "POST", "/consents", `{"showcase":"../x","username":"dan","consentLevel":"READ_ONLY"}`, 400, fault.CodeValidation, "showcase"},
		{"limit", "alice", "POST", "/consents", `{"showcase":"shared","username":"dan","consentLevel":"READ_ONLY"}`, 409, fault.CodeLimit, ""},
		{"twice", "carol", "POST", "/consents", `{"showcase":"carols","username":"dan","consentLevel":"READ_ONLY"}`, 201, 0, ""},
		{"duplicate", "carol", "POST", "/consents", `{"showcase":"carols","username":"dan","consentLevel":"FULL_ACCESS"}`, 409, fault.CodeConflict, ""},
		{"unknown showcase", "alice", "POST", "/consents", `{"showcase":"nothing","username":"dan","consentLevel":"READ_ONLY"}`, 404, fault.CodeNotFound, ""},
		{"someone else's showcase", "alice", "POST", "/consents", `{"showcase":"carols","username":"dan","consentLevel":"READ_ONLY"}`, 404, fault.CodeNotFound, ""},
		{"grantee may not share", "bob", "POST", "/consents", `{"showcase":"shared","username":"dan","consentLevel":"READ_ONLY"}`, 403, fault.CodeForbidden, ""},
		{"identifier not a number", "alice", "GET", "/consents/one/shared", ``, 400, fault.CodeValidation, "identifier"},
		{"identifier beyond int32", "alice", "DELETE", "/consents/2147483648/shared", ``, 400, fault.CodeValidation, "identifier"},
		{"unknown consent", "alice", "GET", "/consents/999999/shared", ``, 404, fault.CodeNotFound, ""},
		{"bad sort", "alice", "GET", "/consents?sort=owner,asc", ``, 400, fault.CodeValidation, "sort"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := a.in(t)
			r := a.do(tt.caller, tt.method, tt.path, tt.body)
			a.want(r, tt.status, tt.code)
			var e fault.Response
			r.decode(t, &e)
			if tt.field != "" && !strings.HasPrefix(e.Fault.Description, tt.field+":") {
				t.Fatalf("description %q does not name %s", e.Fault.Description, tt.field)
			}
		})
	}
}

// TestConsentList shows the owner the consents on its showcases and the
// grantee those granted to it, nobody else's.
func TestConsentList(t *testing.T) {
	t.Parallel()
	a := newAPI(t, limits(10))
	a.showcase("alice", "a1")
	a.showcase("bob", "b1")
	a.consent("alice", "a1", "bob", "READ_ONLY")
	a.consent("alice", "a1", "carol", "FULL_ACCESS")
	a.consent("bob", "b1", "carol", "READ_ONLY")
	for caller, want := range map[string]int{"alice": 2, "bob": 2, "carol": 2, "dan": 0, clientBot: 0} {
		r := a.do(caller, "GET", "/consents?sort=username,desc", nil)
		a.want(r, 200, 0)
		var p struct{ TotalElements int }
		r.decode(t, &p)
		if p.TotalElements != want {
			t.Errorf("%s sees %d consents, want %d: %s", caller, p.TotalElements, want, r.Body)
		}
	}
}
