package portal

import "testing"

// TestNextPageStaysInThePortal: the page after sign-in is a portal path,
// never another site.
func TestNextPageStaysInThePortal(t *testing.T) {
	tests := []struct{ next, want string }{
		{"/portal/apps/abc", "/portal/apps/abc"},
		{"", "/portal/"},
		{"https://evil.example/portal/", "/portal/"},
		{"//evil.example/portal/", "/portal/"},
		{"/portal/\\evil", "/portal/"},
		{"/admin/", "/portal/"},
		{"/portal/../admin/", "/portal/"},
		{"/portal/apps/../login", "/portal/login"},
		{"/portal/x\r\nSet-Cookie: a=b", "/portal/xSet-Cookie:%20a=b"}, // control characters dropped, nothing raw in Location
	}
	for _, tt := range tests {
		if got := nextPage(tt.next); got != tt.want {
			t.Errorf("nextPage(%q) = %q, want %q", tt.next, got, tt.want)
		}
	}
}
