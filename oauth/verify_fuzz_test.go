package oauth

import (
	"context"
	"strings"
	"testing"
	"time"

	"openbank/store/storetest"
)

// FuzzVerifyAccessToken feeds bearer tokens to the verifier: it never
// panics, and the only claims it accepts are those it signed.
func FuzzVerifyAccessToken(f *testing.F) {
	ctx := context.Background()
	s, err := New(ctx, storetest.NewStore(f), Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(s.Close)
	signed, serr := s.sign(issuance{clientID: "c", scope: ScopeDefault, grantID: "g1", products: DefaultProducts})
	if serr != nil {
		f.Fatal(serr)
	}
	token := signed.AccessToken
	header, rest, _ := strings.Cut(token, ".")
	payload, _, _ := strings.Cut(rest, ".")
	for _, seed := range []string{token, header + "." + payload + ".", "eyJhbGciOiJub25lIn0." + payload + ".",
		"eyJhbGciOiJIUzI1NiJ9." + payload + ".c2ln", token + ".x", strings.ToUpper(token), "", "..", "a.b.c.d.e"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, token string) {
		claims, err := s.VerifyAccessToken(ctx, token)
		if err != nil {
			return
		}
		if claims.ClientID != "c" || claims.GrantID != "g1" || claims.Scope != ScopeDefault {
			t.Fatalf("%q accepted with claims it never signed: %+v", token, claims)
		}
	})
}
