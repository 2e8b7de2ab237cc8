package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// startConsoleInstance serves a server whose console signs in at an
// external issuer (env holds the ADMIN_OIDC_* variables); redirect is
// called with its address before it starts, to register it there.
func startConsoleInstance(t *testing.T, env map[string]string, redirect func(base string)) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	redirect(base)
	env["PUBLIC_URL"] = base
	cfg, err := LoadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = storetest.NewURL(t)
	db := storetest.OpenDB(t, cfg.DatabaseURL, 10)
	s, err := NewServer(cfg, store.New(db))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close() })
	return &instance{Server: s, base: base, db: db, st: s.store}
}

// TestConsoleSignsInAtAnExternalIssuer runs a second Openbank as the
// OpenID provider: its users sign in there, and the claim sub decides who
// is an admin of the first.
func TestConsoleSignsInAtAnExternalIssuer(t *testing.T) {
	t.Parallel()
	issuer := newInstance(t)
	issuer.consoleUser(t, "ops", "ops-password", false)
	issuer.consoleUser(t, "eve", "eve-password", false)
	env := map[string]string{"ADMIN_OIDC_ISSUER": issuer.base, "ADMIN_OIDC_CLIENT_ID": "ops-console",
		"ADMIN_OIDC_ADMIN_CLAIM": "sub", "ADMIN_OIDC_ADMIN_VALUES": "ops, root"}
	console := startConsoleInstance(t, env, func(base string) {
		cl := issuer.client(t, oauth.ClientSpec{ClientID: "ops-console", Name: "Ops console",
			Grants: []string{oauth.GrantAuthorizationCode}, RedirectURIs: []string{base + "/admin/callback"}})
		env["ADMIN_OIDC_CLIENT_SECRET"] = cl.secret
	})
	tests := []struct {
		user   string
		status int
	}{
		{"ops", http.StatusSeeOther},
		{"eve", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			b := browser()
			resp, err := b.Get(console.base + "/admin/login")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			auth := resp.Header.Get("Location")
			if !strings.HasPrefix(auth, issuer.base+"/oauth2/authorize?") {
				t.Fatalf("login went to %q", auth)
			}
			back := authorize(t, b, auth, tt.user, tt.user+"-password")
			resp, err = b.Get(back.String())
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Fatalf("callback: %d %s", resp.StatusCode, body)
			}
			if tt.status == http.StatusSeeOther {
				status, page := consolePage(t, b, console.base+"/admin/")
				if status != 200 || !strings.Contains(page, tt.user) {
					t.Fatalf("dashboard: %d", status)
				}
				// This issuer's discovery names no end_session_endpoint: the
				// signed-out page says its session is kept.
				out := post(t, b, console.base+"/admin/logout", url.Values{"csrf_token": {csrfToken(t, page)}})
				out.Body.Close()
				if out.StatusCode != http.StatusSeeOther || out.Header.Get("Location") != "/admin/signed-out?issuer=kept" {
					t.Fatalf("logout: %d %s", out.StatusCode, out.Header.Get("Location"))
				}
				if _, page = consolePage(t, b, console.base+"/admin/signed-out?issuer=kept"); !strings.Contains(page, "keeps its own session") {
					t.Fatalf("signed-out page: %s", page)
				}
			}
		})
	}
}
