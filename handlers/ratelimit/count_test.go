package ratelimit

import "testing"

// TestCount checks the plural of the 429's wording: "retry after 1 second",
// never "1 seconds".
func TestCount(t *testing.T) {
	tests := []struct {
		n    int64
		unit string
		want string
	}{
		{0, "second", "0 seconds"},
		{1, "second", "1 second"},
		{2, "second", "2 seconds"},
		{60, "second", "60 seconds"},
		{1, "request", "1 request"},
		{100, "request", "100 requests"},
	}
	for _, tt := range tests {
		if got := count(tt.n, tt.unit); got != tt.want {
			t.Errorf("count(%d, %q) = %q, want %q", tt.n, tt.unit, got, tt.want)
		}
	}
}
