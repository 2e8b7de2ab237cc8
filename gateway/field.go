package gateway

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// FieldError is invalid input, naming the body field or query parameter.
type FieldError struct {
	Field   string
	Problem string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Problem }

func invalid(field, problem string) *FieldError { return &FieldError{Field: field, Problem: problem} }

// NamePattern is what a showcase name looks like.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidName reports whether name could name a showcase.
func ValidName(name string) bool { return namePattern.MatchString(name) }

// parseTime reads an RFC 3339 date-time, kept to the microsecond like
// PostgreSQL, between the years 1 and 9999.
func parseTime(field, s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, invalid(field, "must be an RFC 3339 date-time such as 2025-01-31T09:00:00Z")
	}
	t = t.UTC().Round(time.Microsecond)
	if t.Year() < 1 || t.Year() > 9999 {
		return time.Time{}, invalid(field, "must be between the years 1 and 9999")
	}
	return t, nil
}

// optionalTime parses s when present.
func optionalTime(field string, s *string) (*time.Time, error) {
	if s == nil {
		return nil, nil
	}
	t, err := parseTime(field, *s)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// checkPeriod refuses a validity that ends before it starts.
func checkPeriod(from, to time.Time) error {
	if from.After(to) {
		return invalid("validFrom", fmt.Sprintf("must not be after validTo (%s)", to.Format(time.RFC3339Nano)))
	}
	return nil
}

// checkUsername accepts 1 to 128 printable characters without spaces.
func checkUsername(field, s string) error {
	if s == "" || len(s) > 128 {
		return invalid(field, "must be 1 to 128 characters")
	}
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) || unicode.IsSpace(r) }) >= 0 {
		return invalid(field, "must not contain spaces or control characters")
	}
	return nil
}

// checkFilter bounds a substring filter.
func checkFilter(field string, s *string) (string, error) {
	if s == nil {
		return "", nil
	}
	if len(*s) > 256 {
		return "", invalid(field, "must be at most 256 bytes")
	}
	return *s, nil
}
