package web

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"openbank/oauth"
)

// zeros is a body of n bytes that is never held in memory.
type zeros struct{ left int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), z.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	z.left -= n
	return int(n), nil
}

func TestOversizedBodiesAre413(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	authURL := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	transport := &http.Transport{ExpectContinueTimeout: 5 * time.Second}
	t.Cleanup(transport.CloseIdleConnections)
	tests := []struct {
		name, url string
		size      int64
		expect    bool
		chunked   bool
	}{
		{"token 10 MB", in.base + "/oauth2/token", 10 << 20, false, false},
		{"token 50 MB after 100 Continue", in.base + "/oauth2/token", 50 << 20, true, false},
		{"token 10 MB chunked", in.base + "/oauth2/token", 10 << 20, false, true},
		{"revoke", in.base + "/oauth2/revoke", 10 << 20, true, false},
		{"introspect", in.base + "/oauth2/introspect", 10 << 20, false, true},
		{"authorize form", authURL, 10 << 20, true, false},
		{"authorize form chunked", authURL, 10 << 20, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, tt.url, &zeros{tt.size})
			req.ContentLength = tt.size
			if tt.chunked {
				req.ContentLength = -1
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if tt.expect {
				req.Header.Set("Expect", "100-continue")
			}
			req.SetBasicAuth(cl.id, cl.secret)
			resp, err := transport.RoundTrip(req)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			readAll(resp)
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Fatalf("got %d, want 413", resp.StatusCode)
			}
		})
	}
}

func TestControlCharactersAreInvalidRequests(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	tests := []struct {
		name, path string
		form       url.Values
		param      string
	}{
		{"username", "/oauth2/token", passwordForm("car\x00ol", "carol-password"), "username"},
		{"password", "/oauth2/token", passwordForm("carol", "carol\x00password"), "password"},
		{"code", "/oauth2/token", exchange("abc\x00", verifier), "code"},
		{"refresh token", "/oauth2/token", refresh("x\x1by"), "refresh_token"},
		{"revoked token", "/oauth2/revoke", url.Values{"token": {"a\x00b"}}, "token"},
		{"introspected token", "/oauth2/introspect", url.Values{"token": {"a\x7fb"}}, "token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body, _ := in.tokenCall(t, tt.path, cl, tt.form)
			desc, _ := body["error_description"].(string)
			if status != 400 || body["error"] != "invalid_request" || !strings.Contains(desc, `"`+tt.param+`"`) {
				t.Fatalf("got %d %v, want 400 invalid_request naming %s", status, body, tt.param)
			}
		})
	}
	b := browser()
	resp, err := b.Get(in.authURL(cl, callback, oauth.ChallengeS256(verifier), url.Values{"nonce": {"n\x00"}}))
	if err != nil {
		t.Fatal(err)
	}
	if page := readAll(resp); resp.StatusCode != 400 || resp.Header.Get("Location") != "" || !strings.Contains(page, "nonce") {
		t.Fatalf("a NUL in the authorization request: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	page, _ := b.Get(in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil))
	form := url.Values{"action": {"login"}, "username": {"carol\x00"}, "password": {"carol-password"}, "csrf_token": {csrfToken(t, readAll(page))}}
	resp = post(t, b, in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil), form)
	if html := readAll(resp); resp.StatusCode != 400 || !strings.Contains(html, "username") {
		t.Fatalf("a NUL in the sign-in form: %d", resp.StatusCode)
	}
}

// TestBasicCredentialsWithControlBytesAre401: a NUL or bytes that are not
// UTF-8 in the HTTP Basic client id, raw or URL-encoded, are an unknown
// client (401 invalid_client with the Basic challenge) on every endpoint
// that authenticates clients, never a server error.
func TestBasicCredentialsWithControlBytesAre401(t *testing.T) {
	t.Parallel()
	in := newInstance(t)
	ids := map[string]string{
		"NUL encoded":       base64.StdEncoding.EncodeToString([]byte("app%00x:s")),
		"NUL raw":           base64.StdEncoding.EncodeToString([]byte("app\x00x:s")),
		"not UTF-8 encoded": base64.StdEncoding.EncodeToString([]byte("app%FFx:s")),
		"not UTF-8 raw":     base64.StdEncoding.EncodeToString([]byte("app\xffx:s")),
	}
	forms := map[string]url.Values{
		"/oauth2/token":      {"grant_type": {"client_credentials"}},
		"/oauth2/introspect": {"token": {"abc"}},
		"/oauth2/revoke":     {"token": {"abc"}},
	}
	for path, form := range forms {
		for name, encoded := range ids {
			t.Run(path+" "+name, func(t *testing.T) {
				req, _ := http.NewRequest(http.MethodPost, in.base+path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Authorization", "Basic "+encoded)
				status, body, header := do(t, req)
				if status != 401 || body["error"] != "invalid_client" || !strings.HasPrefix(header.Get("WWW-Authenticate"), "Basic") {
					t.Fatalf("got %d %v, want 401 invalid_client with a Basic challenge", status, body)
				}
			})
		}
	}
}

// TestPasswordChecksAreBounded: with one check in flight, a storm of
// attempts for unknown usernames from many addresses is answered 503 with
// Retry-After beyond what the slot can check in time, on the token
// endpoint (JSON) and on the sign-in form (the error page); a user
// signing in from the address they signed in from before goes first.
func TestPasswordChecksAreBounded(t *testing.T) {
	t.Parallel()
	// A wait long enough for one argon2id check under the race detector
	// (about 1.5 s), with a storm longer than the wait on a fast machine.
	in := startBehindProxy(t, map[string]string{"PASSWORD_HASH_CONCURRENCY": "1", "PASSWORD_HASH_WAIT": "3s"})
	cl := in.client(t, oauth.ClientSpec{})
	in.user(t, "carol", "carol-password")
	if status, body, _ := in.tokenFrom(t, "203.0.113.50", cl, passwordForm("carol", "carol-password")); status != 200 {
		t.Fatalf("before the storm: %d %v", status, body)
	}
	// The storm goes on until the form and the owner are answered: each of
	// its senders asks again as soon as it is answered, so the queue stays
	// longer than the wait however fast the machine checks a password.
	const senders = 200
	var mu sync.Mutex
	statuses := map[int]int{}
	sent := 0
	var busy map[string]any
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i := range senders {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				status, body, hdr := in.tokenFrom(t, fmt.Sprintf("198.51.%d.%d", i/200, i%200+1), cl, passwordForm(fmt.Sprintf("nobody%d-%d", i, n), "wrong-password"))
				mu.Lock()
				sent++
				statuses[status]++
				if status == 503 && hdr.Get("Retry-After") != "" {
					busy = body
				}
				mu.Unlock()
			}
		})
	}
	time.Sleep(300 * time.Millisecond) // the storm has filled the queue
	formStatus, formRetry := in.signInDuringStorm(t, cl)
	ownerStatus, ownerBody, _ := in.tokenFrom(t, "203.0.113.50", cl, passwordForm("carol", "carol-password"))
	close(stop)
	wg.Wait()
	if ownerStatus != 200 {
		t.Fatalf("the owner, from their usual address, during the storm: %d %v", ownerStatus, ownerBody)
	}
	if statuses[503] == 0 || busy["error"] != "temporarily_unavailable" || statuses[400]+statuses[503] != sent {
		t.Fatalf("storm answers: %v of %d, busy body %v", statuses, sent, busy)
	}
	if formStatus != 503 || formRetry == "" {
		t.Fatalf("the sign-in form during the storm: %d, Retry-After %q", formStatus, formRetry)
	}
}

func TestPasswordHashSettingsAreValidated(t *testing.T) {
	t.Parallel()
	for _, env := range []map[string]string{
		{"PASSWORD_HASH_CONCURRENCY": "-1"},
		{"PASSWORD_HASH_CONCURRENCY": "many"},
		{"PASSWORD_HASH_WAIT": "0s"},
		{"PASSWORD_HASH_WAIT": "1h"},
	} {
		_, err := LoadConfig(func(k string) string { return env[k] })
		for name := range env {
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%v: %v", env, err)
			}
		}
	}
	cfg, err := LoadConfig(func(string) string { return "" })
	if err != nil || cfg.PasswordHashConcurrency != 0 || cfg.PasswordHashWait != time.Second {
		t.Fatalf("defaults: %d %s %v", cfg.PasswordHashConcurrency, cfg.PasswordHashWait, err)
	}
}

// signInDuringStorm posts the sign-in form from a fresh address.
func (in *instance) signInDuringStorm(t *testing.T, cl registered) (int, string) {
	u := in.authURL(cl, callback, oauth.ChallengeS256(verifier), nil)
	b := browser()
	page, err := b.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"action": {"login"}, "username": {"nobody"}, "password": {"wrong-password"}, "csrf_token": {csrfToken(t, readAll(page))}}
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", "203.0.113.200")
	resp, err := b.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(resp)
	return resp.StatusCode, resp.Header.Get("Retry-After")
}
