package dpop

import (
	"strconv"
	"testing"
)

// BenchmarkVerify is the cost of checking one proof at a resource server:
// parse, header, jwk, signature, claims, htu, ath and thumbprint. The
// proofs are signed before the timer starts, as a client signs its own.
func BenchmarkVerify(b *testing.B) {
	key := newKey(b)
	proofs := make([]string, 256)
	for i := range proofs {
		spec := validSpec(key)
		spec.claims["jti"] = "j" + strconv.Itoa(i)
		proofs[i] = spec.sign(b)
	}
	c := Check{Method: "GET", URL: "https://bank.example/gateway/v1.1.0/showcases", AccessToken: "tok", Now: now}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Verify(proofs[i%len(proofs)], c); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
