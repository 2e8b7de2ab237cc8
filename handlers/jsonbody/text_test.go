package jsonbody

import "testing"

func TestTextProblem(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"Weekly groceries", ""},
		{"line one\nline two\ttabbed\r\n", ""},
		{"café – ünïcode ✓", ""},
		{"nul\x00byte", `must not contain the control character '\x00'`},
		{"escape \x1b[31m", `must not contain the control character '\x1b'`},
		{"delete \x7f", `must not contain the control character '\x7f'`},
		{"csi \u009b", `must not contain the control character '\u009b'`},
		{"bad \xff utf-8", "must be valid UTF-8"},
	}
	for _, tt := range tests {
		if got := TextProblem(tt.in); got != tt.want {
			t.Errorf("TextProblem(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
