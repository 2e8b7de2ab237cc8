package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// startBehindProxy serves a new server on a fresh database that believes
// X-Forwarded-For from the loopback (TRUSTED_PROXIES), so that a test can
// speak from many client addresses; env adds variables.
func startBehindProxy(t *testing.T, env map[string]string) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	vars := map[string]string{"PUBLIC_URL": base, "FETCH_LATENCY": "0s", "MOCK_SLOW_FETCH": "0s", "TRUSTED_PROXIES": "127.0.0.1/32"}
	for k, v := range env {
		vars[k] = v
	}
	cfg, err := LoadConfig(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = storetest.NewURL(t)
	db := storetest.OpenDB(t, cfg.DatabaseURL, 10)
	st := store.New(db)
	s, err := NewServer(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	return &instance{Server: s, base: base, db: db, st: st}
}

// tokenFrom is tokenCall from the client address addr.
func (in *instance) tokenFrom(t *testing.T, addr string, cl registered, form url.Values) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, in.base+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", addr)
	req.SetBasicAuth(url.QueryEscape(cl.id), url.QueryEscape(cl.secret))
	return do(t, req)
}

func passwordForm(username, password string) url.Values {
	return url.Values{"grant_type": {"password"}, "username": {username}, "password": {password}}
}

func TestAStrangerCannotLockAClientOut(t *testing.T) {
	t.Parallel()
	in := startBehindProxy(t, nil)
	cl := in.client(t, oauth.ClientSpec{})
	cc := url.Values{"grant_type": {"client_credentials"}}
	guess := registered{cl.id, "a-guessed-secret"}
	var status int
	var body map[string]any
	var hdr http.Header
	for i := 0; i < 3*oauth.DefaultThrottle.Pair.Free; i++ {
		if status, body, hdr = in.tokenFrom(t, "198.51.100.1", guess, cc); status == 429 {
			break
		}
	}
	if status != 429 || body["error"] != "invalid_client" || hdr.Get("Retry-After") == "" {
		t.Fatalf("the guessing address is not held back: %d %v %v", status, body, hdr)
	}
	if status, body, _ := in.tokenFrom(t, "198.51.100.1", cl, cc); status != 429 {
		t.Fatalf("the guessing address got a token with the right secret: %d %v", status, body)
	}
	if status, body, _ := in.tokenFrom(t, "203.0.113.9", cl, cc); status != 200 {
		t.Fatalf("the client itself, from its own address, is locked out: %d %v", status, body)
	}
}

func TestAStrangerCannotLockAUserOut(t *testing.T) {
	t.Parallel()
	in := startBehindProxy(t, nil)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	// A distributed guesser: one wrong password from each of many addresses.
	for i := 1; i <= oauth.DefaultThrottle.Username.Free+3; i++ {
		if status, body, _ := in.tokenFrom(t, fmt.Sprintf("198.51.100.%d", i), cl, passwordForm("carol", "guess-"+fmt.Sprint(i))); status != 400 || body["error"] != "invalid_grant" {
			t.Fatalf("guess %d: %d %v", i, status, body)
		}
	}
	status, body, hdr := in.tokenFrom(t, "198.51.100.1", cl, passwordForm("carol", "carol-password"))
	if status != 429 || body["error"] != "invalid_grant" || hdr.Get("Retry-After") == "" {
		t.Fatalf("an address that failed on a slowed-down username is not held back: %d %v %v", status, body, hdr)
	}
	if status, body, _ := in.tokenFrom(t, "203.0.113.9", cl, passwordForm("carol", "carol-password")); status != 200 {
		t.Fatalf("the owner, from an address without failures, is refused: %d %v", status, body)
	}
}

func TestOneAddressCannotSprayManyUsernames(t *testing.T) {
	t.Parallel()
	in := startBehindProxy(t, nil)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	for i := 0; i < oauth.DefaultThrottle.Address.Free; i++ {
		if status, body, _ := in.tokenFrom(t, "198.51.100.7", cl, passwordForm(fmt.Sprintf("user%d", i), "Winter2026!")); status != 400 {
			t.Fatalf("spray %d: %d %v", i, status, body)
		}
	}
	status, body, hdr := in.tokenFrom(t, "198.51.100.7", cl, passwordForm("carol", "carol-password"))
	if status != 429 || body["error"] != "invalid_grant" || hdr.Get("Retry-After") == "" {
		t.Fatalf("the spraying address is not held back: %d %v", status, body)
	}
	if status, _, _ := in.tokenFrom(t, "2001:db8:1:2::1", cl, passwordForm("carol", "carol-password")); status != 200 {
		t.Fatalf("another address is held back: %d", status)
	}
}

func TestTheSignInFormHasTheSamePolicy(t *testing.T) {
	t.Parallel()
	in := startBehindProxy(t, nil)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	signIn := func(addr, password string) *http.Response {
		b := browser()
		page, err := b.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		form := url.Values{"action": {"login"}, "username": {"carol"}, "password": {password}, "csrf_token": {csrfToken(t, readAll(page))}}
		req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", addr)
		resp, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readAll(resp)
		return resp
	}
	var resp *http.Response
	for i := 0; i < 2*oauth.DefaultThrottle.Pair.Free; i++ {
		if resp = signIn("198.51.100.3", "wrong-password"); resp.StatusCode == 429 {
			break
		}
	}
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the form does not hold the guessing address back: %d", resp.StatusCode)
	}
	if resp := signIn("203.0.113.9", "carol-password"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the owner cannot sign in from elsewhere: %d", resp.StatusCode)
	}
}
