package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"time"

	"openbank/oauth"
	"openbank/store"
)

// The console's bench admin.
const (
	consoleAdmin    = "bench-admin"
	consolePassword = "bench-admin-password"
)

// consoleOperations are console pages at one connection, with the 100,000
// showcases and the million transactions seeded: each must stay under
// 50 ms at p99.
func (b *bench) consoleOperations() []operation {
	var cookie *http.Cookie
	page := func(path func() string) func(int, int) *http.Request {
		return func(int, int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, b.base+path(), nil)
			req.AddCookie(cookie)
			return req
		}
	}
	fixed := func(p string) func() string { return func() string { return p } }
	signIn := func() error { // once, before the first console row -op lets through
		var err error
		if cookie == nil {
			cookie, err = b.consoleSignIn()
		}
		return err
	}
	p99 := goal{maxP99: 50 * time.Millisecond}
	ops := append([]operation{
		{name: "console: dashboard, 1 conn", request: page(fixed("/admin/")), status: 200, conns: 1, goal: p99},
		{name: "console: showcases by name, 100k rows, 1 conn", request: page(fixed("/admin/showcases")), status: 200, conns: 1, goal: p99},
		{name: "console: showcases by validTo desc, late page, 1 conn", status: 200, conns: 1, goal: p99,
			request: page(fixed("/admin/showcases?sort=validTo&dir=desc&after=" + url.QueryEscape("2000-01-01T00:00:00Z|"+showcaseName(50_000))))},
		{name: "console: showcase search, 100k rows, 1 conn", status: 200, conns: 1, goal: p99,
			request: page(func() string { return fmt.Sprintf("/admin/showcases?q=%05d", rand.IntN(100_000)) })}, //nolint:gosec // G404: a load pattern
		{name: "console: a transactions page, 1M rows, 1 conn", status: 200, conns: 1, goal: p99, setup: b.millionTransactions,
			request: page(func() string {
				t := b.txTargets[rand.IntN(len(b.txTargets))] //nolint:gosec // G404: a load pattern
				return fmt.Sprintf("/admin/aggregation/%s/accounts/%d?after=%d", benchClientID, t.AccountID, t.AfterID)
			})},
		{name: "console: audit log, 1 conn", request: page(fixed("/admin/audit")), status: 200, conns: 1, goal: p99},
	}, b.consoleRecordOperations(page, p99)...)
	for i := range ops {
		own := ops[i].setup
		ops[i].setup = func() error {
			if err := signIn(); err != nil || own == nil {
				return err
			}
			return own()
		}
	}
	return ops
}

// millionTransactions seeds the million rows when the transactions rows
// were not measured before (bench -op console).
func (b *bench) millionTransactions() error {
	if len(b.txTargets) > 0 {
		return nil
	}
	return b.seedTransactions(txLarge)
}

var consoleCSRF = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// consoleSignIn creates the bench admin and signs in through the own
// issuer's sign-in and consent pages; it returns the session cookie.
func (b *bench) consoleSignIn() (*http.Cookie, error) {
	err := (&oauth.Registry{Store: store.New(b.db)}).CreateUser(context.Background(), consoleAdmin, consolePassword, true)
	if err != nil && !errors.Is(err, store.ErrConflict) {
		return nil, err
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	auth, _, err := step(c, http.MethodGet, b.base+"/admin/login", nil)
	if err != nil {
		return nil, err
	}
	// As a browser: the sign-in form, then the consent form if the server
	// asks for one (it does not for its own console), then the callback.
	forms := []url.Values{{"action": {"login"}, "username": {consoleAdmin}, "password": {consolePassword}},
		{"action": {"consent"}, "decision": {"allow"}}}
	for !strings.HasPrefix(auth, b.base+"/admin/callback") {
		next, html, err := step(c, http.MethodGet, auth, nil)
		if err != nil {
			return nil, err
		}
		if next != "" {
			auth = next
			continue
		}
		m := consoleCSRF.FindStringSubmatch(html)
		if m == nil || len(forms) == 0 {
			return nil, fmt.Errorf("console sign-in: no form to fill at %s", auth)
		}
		form := forms[0]
		forms = forms[1:]
		form.Set("csrf_token", m[1])
		if auth, _, err = step(c, http.MethodPost, auth, form); err != nil {
			return nil, err
		}
	}
	if _, _, err := step(c, http.MethodGet, auth, nil); err != nil { // the callback
		return nil, err
	}
	for _, k := range jar.Cookies(&url.URL{Scheme: "http", Host: b.base[len("http://"):], Path: "/admin/"}) {
		if k.Name == "openbank_admin" {
			return k, nil
		}
	}
	return nil, errors.New("console sign-in: no session cookie")
}

// step sends one request and returns where it redirects and its body.
func step(c *http.Client, method, u string, form url.Values) (string, string, error) {
	var resp *http.Response
	var err error
	if method == http.MethodPost {
		resp, err = c.PostForm(u, form)
	} else {
		resp, err = c.Get(u)
	}
	if err != nil {
		return "", "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		return "", "", fmt.Errorf("%s %s: %d", method, u, resp.StatusCode)
	}
	loc, lerr := resp.Location() // resolved against the request's URL
	if lerr != nil {
		return "", string(body), err
	}
	return loc.String(), string(body), err
}
