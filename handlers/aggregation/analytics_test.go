package aggregation

import "testing"

func TestPrefersAsync(t *testing.T) {
	tests := []struct {
		prefer []string
		want   bool
	}{
		{nil, false},
		{[]string{"respond-async"}, true},
		{[]string{"return=minimal, Respond-Async; wait=10"}, true},
		{[]string{"return=minimal", "respond-async"}, true},
		{[]string{"respond-asynchronously"}, false},
		{[]string{"wait=5"}, false},
	}
	for _, tt := range tests {
		if got := prefersAsync(tt.prefer); got != tt.want {
			t.Errorf("prefersAsync(%q) = %v, want %v", tt.prefer, got, tt.want)
		}
	}
}
