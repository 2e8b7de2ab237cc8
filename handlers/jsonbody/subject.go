package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
)

// SubjectPattern is what a subject id may be, in a body or a query.
var SubjectPattern = regexp.MustCompile(`^[A-Za-z0-9._:@-]{1,64}$`)

// errSubject says what a subject id may be.
var errSubject = errors.New("is required: an integer or a string of up to 64 characters A-Z a-z 0-9 . _ : @ -")

// SubjectID reads the subjectId of the aggregation APIs, a JSON number
// (integer) or string, and returns its text.
func SubjectID(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var n json.Number
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if dec.Decode(&n) != nil || strings.ContainsAny(n.String(), ".eE") {
			return "", errSubject
		}
		s = n.String()
	}
	if !SubjectPattern.MatchString(s) {
		return "", errSubject
	}
	return s, nil
}
