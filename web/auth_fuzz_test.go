package web

import (
	"strings"
	"testing"
)

// FuzzBearer feeds Authorization headers to the bearer parser: it never
// panics, and what it takes is a non-empty token without surrounding
// space from a header whose scheme is Bearer, in any case.
func FuzzBearer(f *testing.F) {
	for _, seed := range []string{"Bearer abc.def.ghi", "bearer  x ", "Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "BEARER\tx",
		" Bearer x", "Bearer a b", "Bearer\u00a0x", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, header string) {
		token, ok := bearer(header)
		if !ok {
			return
		}
		scheme, _, _ := strings.Cut(header, " ")
		if token == "" || token != strings.TrimSpace(token) || !strings.EqualFold(scheme, "Bearer") || !strings.Contains(header, token) {
			t.Fatalf("%q gave token %q", header, token)
		}
	})
}
