package console

import (
	"encoding/json"
	"slices"
)

// FieldChange is one field of a record as an audit entry changed it:
// Before is "" when the field is new, After "" when it is gone.
type FieldChange struct {
	Field, Before, After string
}

// Diff lists, field by field in name order, what an audit entry changed
// between the record before and after (JSON objects; "" or "null" when
// there was none). A record that is not an object is one field, "record".
func Diff(before, after string) []FieldChange {
	b, bok := fields(before)
	a, aok := fields(after)
	if !bok || !aok {
		if compact(before) == compact(after) {
			return nil
		}
		return []FieldChange{{Field: "record", Before: compact(before), After: compact(after)}}
	}
	names := make([]string, 0, len(a)+len(b))
	for k := range b {
		names = append(names, k)
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	out := make([]FieldChange, 0, len(names))
	for _, k := range names {
		old, now := compact(string(b[k])), compact(string(a[k]))
		if old != now {
			out = append(out, FieldChange{Field: k, Before: old, After: now})
		}
	}
	return out
}

// fields splits a JSON object into its fields; none is an empty object.
func fields(doc string) (map[string]json.RawMessage, bool) {
	if doc == "" || doc == "null" {
		return map[string]json.RawMessage{}, true
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		return nil, false
	}
	return m, true
}

// compact is a JSON value without insignificant spaces, a string without
// its quotes, and nothing (or null) as "".
func compact(v string) string {
	if v == "" || v == "null" {
		return ""
	}
	var x any
	if json.Unmarshal([]byte(v), &x) != nil {
		return v
	}
	if s, ok := x.(string); ok {
		return s
	}
	b, _ := json.Marshal(x)
	return string(b)
}
