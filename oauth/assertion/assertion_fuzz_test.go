package assertion

import (
	"testing"

	"github.com/go-jose/go-jose/v4"
)

// FuzzVerify feeds arbitrary assertions to the parser: it never panics and
// accepts nothing without a key set.
func FuzzVerify(f *testing.F) {
	key := newKey(f)
	f.Add(sign(f, key, "k1", goodClaims()))
	f.Add("eyJhbGciOiJub25lIn0.e30.")
	f.Add("a.b.c")
	f.Fuzz(func(t *testing.T, raw string) {
		ClientID(raw)
		if c, err := Verify(raw, jose.JSONWebKeySet{}, Check{ClientID: "c1", Audience: issuer, Now: now}); err == nil {
			t.Fatalf("accepted without keys: %+v", c)
		}
	})
}
