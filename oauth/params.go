package oauth

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxFormBytes bounds the body of every form the authorization server
// reads: the token, revocation and introspection requests and the forms of
// the authorize page.
const MaxFormBytes = 64 << 10

// TooLarge answers a body over MaxFormBytes.
func TooLarge() *Error {
	return &Error{Code: ErrInvalidRequest, Status: http.StatusRequestEntityTooLarge,
		Description: "the body is larger than 64 KiB"}
}

// CheckParameters refuses a parameter whose name or value is not UTF-8 or
// holds a control character (NUL, line breaks, tabs, DEL…): none of the
// protocol's parameters can, and such text must never reach a column. The
// error names the first offending parameter in alphabetical order.
func CheckParameters(v url.Values) *Error {
	names := make([]string, 0, len(v))
	for name := range v {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !plainText(name) {
			return Errorf(ErrInvalidRequest, "a parameter name contains a control character or is not UTF-8")
		}
		for _, value := range v[name] {
			if !plainText(value) {
				return Errorf(ErrInvalidRequest, "parameter %q contains a control character or is not UTF-8", name)
			}
		}
	}
	return nil
}

// PlainText reports whether s is UTF-8 without control characters: what
// every protocol parameter and HTTP Basic credential must be.
func PlainText(s string) bool { return plainText(s) }

// plainText reports whether s is UTF-8 without control characters.
func plainText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl)
}
