package oauth

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"openbank/store/storetest"
)

// FuzzParseAuthorize feeds authorization requests to the check of a client
// with two registered redirect URIs: it never panics, and whatever it
// accepts, or answers by redirect, goes to exactly a registered URI.
func FuzzParseAuthorize(f *testing.F) {
	ctx := context.Background()
	db := storetest.NewStore(f)
	s, err := New(ctx, db, Config{Issuer: "https://issuer.test", AccessTokenTTL: time.Hour, RefreshTokenTTL: 2 * time.Hour})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(s.Close)
	registered := []string{"https://app.example.com/cb", "http://127.0.0.1:8080/cb?x=1"}
	if _, _, err := (&Registry{Store: db}).CreateClient(ctx, ClientSpec{ClientID: "app", Name: "App", Public: true,
		Grants: []string{GrantAuthorizationCode}, RedirectURIs: registered}); err != nil {
		f.Fatal(err)
	}
	ok := "client_id=app&redirect_uri=" + url.QueryEscape(registered[0]) +
		"&response_type=code&state=s&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
	for _, seed := range []string{ok, strings.Replace(ok, "cb", "cb/", 1), strings.Replace(ok, "app.example.com", "APP.example.com", 1),
		strings.Replace(ok, "https", "http", 1), ok + "&redirect_uri=x", "client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fcb%3Fx%3D1",
		strings.Replace(ok, "S256", "plain", 1), "client_id=nobody", "redirect_uri=https%3A%2F%2Fevil.test"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		req, perr, redirect := s.ParseAuthorize(ctx, q)
		if perr != nil && !redirect {
			return
		}
		if !slices.Contains(registered, req.Redirect()) || req.Client.ClientID != "app" {
			t.Fatalf("%q goes to %q of client %q", query, req.Redirect(), req.Client.ClientID)
		}
		if perr == nil {
			return
		}
		to, err := url.Parse(s.ErrorRedirect(req, perr))
		if err != nil || to.Scheme+"://"+to.Host+to.Path != strings.Split(req.Redirect(), "?")[0] {
			t.Fatalf("%q: the error goes to %v, not %q: %v", query, to, req.Redirect(), err)
		}
	})
}
