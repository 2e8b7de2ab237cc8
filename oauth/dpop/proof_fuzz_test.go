package dpop

import (
	"testing"
)

// FuzzVerify feeds arbitrary proofs to the parser: it must never panic and
// never accept a proof that fails to name the request.
func FuzzVerify(f *testing.F) {
	key := newKey(f)
	f.Add(validSpec(key).sign(f))
	f.Add("eyJhbGciOiJub25lIn0.e30.")
	f.Add("a.b.c")
	c := Check{Method: "PATCH", URL: "https://other.example/nothing", Now: now}
	f.Fuzz(func(t *testing.T, proof string) {
		p, err := Verify(proof, c)
		if err == nil {
			t.Fatalf("accepted a proof for another request: %+v", p)
		}
	})
}
