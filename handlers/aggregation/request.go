package aggregation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"openbank/aggregation"
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

// CheckCallbackFields enforces the specification's limit of 10 pairs and
// sane sizes.
func CheckCallbackFields(m map[string]string) error {
	if len(m) > aggregation.MaxCallbackFields {
		return fmt.Errorf("at most %d key-value pairs are allowed, got %d", aggregation.MaxCallbackFields, len(m))
	}
	for k, v := range m {
		if k == "" || len(k) > 64 || len(v) > 512 {
			return errors.New("keys must be 1-64 characters and values at most 512")
		}
	}
	return nil
}
