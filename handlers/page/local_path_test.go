package page

import (
	"net/url"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// home is the console's root, as its handlers pass it.
const home = "/admin/"

func TestLocalPath(t *testing.T) {
	t.Parallel()
	tests := []struct{ next, want string }{
		{"/admin/clients", "/admin/clients"},
		{"/admin/clients/", "/admin/clients/"},
		{"/admin", "/admin/"},
		{"/admin/subjects?page=2&q=a+b", "/admin/subjects?page=2&q=a+b"},
		{"/admin/a/../clients", "/admin/clients"},
		{"/admin/./clients//x", "/admin/clients/x"},
		{"/admin/../oauth2/token", "/admin/"},
		{"/admin/..", "/admin/"},
		{"/admin/%2e%2e/%2e%2e/evil", "/admin/"},
		{"/admin/..%2f..%2fevil", "/admin/"},
		{"/admin/cli\r\nents", "/admin/clients"},
		{"/admin/\x00x\x7f", "/admin/x"},
		{"/admin/a%0Ab", "/admin/"},
		{"/admin/?q=%0D%0ASet-Cookie:x", "/admin/?q=%0D%0ASet-Cookie%3Ax"},
		{"/admin/x#frag", "/admin/x"},
		{"", "/admin/"},
		{"admin/clients", "/admin/"},
		{"https://evil.example/admin/", "/admin/"},
		{"//evil.example/admin/", "/admin/"},
		{"/\t/evil.example/admin/", "/admin/"},
		{"/\\evil.example/admin/", "/admin/"},
		{"/admin/\\..\\..\\x", "/admin/"},
		{"javascript:alert(1)", "/admin/"},
		{"/admin/\xff", "/admin/"},
		{"/adminx/", "/admin/"},
	}
	for _, tt := range tests {
		if got := LocalPath(tt.next, home); got != tt.want {
			t.Errorf("LocalPath(%q, home) = %q, want %q", tt.next, got, tt.want)
		}
	}
}

// FuzzLocalPath: whatever next= holds, the return path is a clean path of
// the console: same site, no control characters, no backslash, no dot
// segment, and normalising it again changes nothing.
func FuzzLocalPath(f *testing.F) {
	for _, seed := range []string{"/admin/clients", "/admin/../x", "//evil", "/admin/%2e%2e/", "/admin/?a=%0A", "/\\x", "/admin/\r\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := LocalPath(next, home)
		u, err := url.Parse(got)
		switch {
		case err != nil || u.Scheme != "" || u.Host != "" || u.User != nil:
			t.Fatalf("LocalPath(%q, home) = %q leaves the site", next, got)
		case !strings.HasPrefix(got, "/admin/") || strings.HasPrefix(got, "//"):
			t.Fatalf("LocalPath(%q, home) = %q leaves the console", next, got)
		case !utf8.ValidString(got) || strings.ContainsFunc(got, unicode.IsControl) || strings.Contains(got, "\\"):
			t.Fatalf("LocalPath(%q, home) = %q holds raw bytes", next, got)
		case strings.Contains("/"+u.Path+"/", "/../") || strings.Contains("/"+u.Path+"/", "/./"):
			t.Fatalf("LocalPath(%q, home) = %q keeps a dot segment", next, got)
		case LocalPath(got, home) != got:
			t.Fatalf("LocalPath(%q, home) = %q is not stable: %q", next, got, LocalPath(got, home))
		}
	})
}
