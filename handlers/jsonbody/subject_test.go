package jsonbody

import "testing"

func TestSubjectID(t *testing.T) {
	tests := []struct {
		raw, want string
		ok        bool
	}{
		{`42`, "42", true},
		{`"cust-7@acme"`, "cust-7@acme", true},
		{`4.2`, "", false},
		{`1e3`, "", false},
		{`""`, "", false},
		{`"a b"`, "", false},
		{`null`, "", false},
		{`{"id":1}`, "", false},
	}
	for _, tt := range tests {
		got, err := SubjectID([]byte(tt.raw))
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("SubjectID(%s) = %q, %v; want %q, ok %v", tt.raw, got, err, tt.want, tt.ok)
		}
	}
}
