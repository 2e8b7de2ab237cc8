package views

import "strings"

// joinComma lists values for reading.
func joinComma(values []string) string { return strings.Join(values, ", ") }
