package oauth

import (
	"context"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"

	"openbank/store/storetest"
)

// TestSignTypedNamesItsTypeAndVerifiesWithTheJWKS signs with a type of its
// own: the header says it, the published key verifies it, and the access
// token verifier refuses it.
func TestSignTypedNamesItsTypeAndVerifiesWithTheJWKS(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, err := New(ctx, storetest.NewStore(t), Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour, Clock: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	compact, err := s.keys.SignTyped(ctx, "openbank-callback+jwt", []byte(`{"aud":"c"}`))
	if err != nil {
		t.Fatal(err)
	}
	jws, err := jose.ParseSignedCompact(compact, []jose.SignatureAlgorithm{jose.ES256})
	if err != nil {
		t.Fatal(err)
	}
	h := jws.Signatures[0].Header
	set := s.keys.Public()
	keys := set.Key(h.KeyID)
	if h.ExtraHeaders[jose.HeaderType] != "openbank-callback+jwt" || len(keys) != 1 {
		t.Fatalf("header %+v, %d published keys with its kid", h, len(keys))
	}
	if payload, err := jws.Verify(keys[0].Key); err != nil || string(payload) != `{"aud":"c"}` {
		t.Fatalf("verify: %q %v", payload, err)
	}
	if _, e := s.VerifyAccessToken(ctx, compact); e == nil {
		t.Fatal("the access token verifier accepted a callback signature")
	}
}
