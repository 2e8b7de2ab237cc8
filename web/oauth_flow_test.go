package web

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"openbank/oauth"
)

func TestClientCredentialsGrant(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	cc := clientcredentials.Config{ClientID: cl.id, ClientSecret: cl.secret, TokenURL: in.base + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}
	tok, err := cc.Token(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if tok.RefreshToken != "" || tok.TokenType != "Bearer" || tok.Extra("scope") != "default" || tok.Extra("expires_in").(float64) != 3600 {
		t.Fatalf("token response: %+v scope=%v", tok, tok.Extra("scope"))
	}
	status, body, _ := in.api(t, "/gateway/test/whoami", tok.AccessToken)
	if status != 200 || body["Subject"] != "client:"+cl.id || body["ClientID"] != cl.id || body["Username"] != "" {
		t.Fatalf("whoami: %d %v", status, body)
	}
	// The alias /token answers the same way.
	status, resp, hdr := in.tokenCall(t, "/token", cl, url.Values{"grant_type": {"client_credentials"}})
	if status != 200 || resp["access_token"] == nil || hdr.Get("Cache-Control") != "no-store" {
		t.Fatalf("/token: %d %v %v", status, resp, hdr)
	}
}

func TestPasswordGrantAndRefreshRotation(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "alice", "alice-password")
	cfg := oauth2.Config{ClientID: cl.id, ClientSecret: cl.secret,
		Endpoint: oauth2.Endpoint{TokenURL: in.base + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}}
	ctx := context.Background()
	tok, err := cfg.PasswordCredentialsToken(ctx, "alice", "alice-password")
	if err != nil {
		t.Fatal(err)
	}
	if tok.RefreshToken == "" || tok.Extra("scope") != "default" {
		t.Fatalf("password token: %+v", tok)
	}
	if status, body, _ := in.api(t, "/gateway/test/whoami", tok.AccessToken); status != 200 || body["Username"] != "alice" {
		t.Fatalf("whoami: %d %v", status, body)
	}
	tok.Expiry = tok.Expiry.Add(-2 * 3600e9) // force a refresh
	fresh, err := cfg.TokenSource(ctx, tok).Token()
	if err != nil {
		t.Fatal(err)
	}
	if fresh.RefreshToken == tok.RefreshToken || fresh.AccessToken == tok.AccessToken {
		t.Fatal("refresh did not rotate the pair")
	}
	if status, _, _ := in.api(t, "/gateway/test/whoami", fresh.AccessToken); status != 200 {
		t.Fatalf("refreshed token refused: %d", status)
	}
}

var csrfField = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// authorize drives the login and consent pages like a browser and returns
// the URL the server finally redirects to.
func authorize(t *testing.T, b *http.Client, authURL, username, password string) *url.URL {
	t.Helper()
	page := func(resp *http.Response) string {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return string(body)
	}
	resp, err := b.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	html := page(resp)
	if resp.StatusCode != 200 || resp.Header.Get("X-Frame-Options") != "DENY" || resp.Header.Get("Referrer-Policy") != "no-referrer" ||
		!strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Fatalf("authorize page: %d %v", resp.StatusCode, resp.Header)
	}
	if strings.Contains(html, `name="password"`) {
		resp = post(t, b, authURL, url.Values{"action": {"login"}, "username": {username}, "password": {password}, "csrf_token": {csrfToken(t, html)}})
		page(resp)
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("login: %d", resp.StatusCode)
		}
		resp, _ = b.Get(authURL)
		html = page(resp)
	}
	if !strings.Contains(html, `value="allow"`) {
		t.Fatalf("no consent page: %s", html)
	}
	resp = post(t, b, authURL, url.Values{"action": {"consent"}, "decision": {"allow"}, "csrf_token": {csrfToken(t, html)}})
	page(resp)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("consent: %d", resp.StatusCode)
	}
	to, _ := url.Parse(resp.Header.Get("Location"))
	return to
}

func csrfToken(t *testing.T, html string) string {
	m := csrfField.FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no CSRF token in %s", html)
	}
	return m[1]
}

func post(t *testing.T, b *http.Client, u string, form url.Values) *http.Response {
	t.Helper()
	resp, err := b.PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestAuthorizationCodeWithPKCEAndOpenID(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "bob", "bob-password")
	ctx := context.Background()
	provider, err := oidc.NewProvider(ctx, in.base)
	if err != nil {
		t.Fatal(err)
	}
	cfg := oauth2.Config{ClientID: cl.id, ClientSecret: cl.secret, RedirectURL: "https://app.example.com/callback",
		Endpoint: provider.Endpoint(), Scopes: []string{oidc.ScopeOpenID}}
	cfg.Endpoint.AuthStyle = oauth2.AuthStyleInHeader
	verifier := oauth2.GenerateVerifier()
	b := browser()
	to := authorize(t, b, cfg.AuthCodeURL("st4te", oauth2.S256ChallengeOption(verifier), oidc.Nonce("n0nce")), "bob", "bob-password")
	if to.Host != "app.example.com" || to.Query().Get("state") != "st4te" || to.Query().Get("code") == "" {
		t.Fatalf("redirect: %s", to)
	}
	tok, err := cfg.Exchange(ctx, to.Query().Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := provider.Verifier(&oidc.Config{ClientID: cl.id}).Verify(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	if idt.Subject != "bob" || idt.Nonce != "n0nce" || idt.VerifyAccessToken(tok.AccessToken) != nil {
		t.Fatalf("id token: %+v", idt)
	}
	info, err := provider.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil || info.Subject != "bob" {
		t.Fatalf("userinfo: %v %+v", err, info)
	}
	// The login is remembered: the next authorization skips the password.
	to = authorize(t, b, cfg.AuthCodeURL("again", oauth2.S256ChallengeOption(verifier)), "", "")
	if to.Query().Get("code") == "" {
		t.Fatalf("second authorization: %s", to)
	}
}
