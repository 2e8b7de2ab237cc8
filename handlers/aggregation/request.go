package aggregation

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"

	"openbank/aggregation"
	"openbank/handlers/fault"
)

var validSubject = regexp.MustCompile(`^[A-Za-z0-9._:@-]{1,64}$`)

// SubjectID accepts a JSON number (integer) or string and returns its text.
func SubjectID(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var n json.Number
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if dec.Decode(&n) != nil || strings.ContainsAny(n.String(), ".eE") {
			return "", errors.New("is required: an integer or a string of up to 64 characters A-Z a-z 0-9 . _ : @ -")
		}
		s = n.String()
	}
	if !validSubject.MatchString(s) {
		return "", errors.New("is required: an integer or a string of up to 64 characters A-Z a-z 0-9 . _ : @ -")
	}
	return s, nil
}

// Refusal is the 400 of a request field the aggregation's rules refused,
// naming the field; any other error is returned as it is.
func Refusal(err error) error {
	var fe *aggregation.FieldError
	if errors.As(err, &fe) {
		return fault.Validation(fe.Field, fe.Problem)
	}
	return err
}
