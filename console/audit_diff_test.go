package console

import (
	"reflect"
	"testing"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		name          string
		before, after string
		want          []FieldChange
	}{
		{"created", "", `{"name":"Acme","public":false}`,
			[]FieldChange{{"name", "", "Acme"}, {"public", "", "false"}}},
		{"deleted", `{"name":"Acme"}`, "null", []FieldChange{{"name", "Acme", ""}}},
		{"changed", `{"name":"Acme","grants":["a"],"rateLimit":0}`, `{"name":"Acme Ltd","grants":["a", "b"],"rateLimit":0}`,
			[]FieldChange{{"grants", `["a"]`, `["a","b"]`}, {"name", "Acme", "Acme Ltd"}}},
		{"unchanged", `{"a":1}`, `{"a": 1}`, []FieldChange{}},
		{"not objects", `[1]`, `[2]`, []FieldChange{{"record", "[1]", "[2]"}}},
		{"nothing", "", "", []FieldChange{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Diff(tt.before, tt.after)
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Diff = %q, want %q", got, tt.want)
			}
		})
	}
}
