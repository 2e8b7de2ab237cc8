package web

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
)

// TestServeSandboxAlone: `openbank sandbox` serves the banks on its own
// listener and writes a directory whose entries reach them with mutual
// TLS and name their app there; ending the context stops it.
func TestServeSandboxAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeSandbox(ctx, Config{SandboxAddr: "127.0.0.1:0", DataDir: dir}) }()
	var list []xs2a.Bank
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var err error
		if list, err = xs2a.LoadDirectory(filepath.Join(dir, "sandbox", "banks.json")); err == nil && len(list) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no directory: %v", err)
		}
	}
	var entry xs2a.Bank
	for _, b := range list {
		if b.Code == banks.RedirectScenario {
			entry = b
		}
	}
	cert, err := tls.LoadX509KeyPair(entry.Certificate, entry.Key)
	if err != nil {
		t.Fatal(err)
	}
	ca, err := os.ReadFile(entry.CA)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(ca)
	cfg := &tls.Config{RootCAs: roots, Certificates: []tls.Certificate{cert}}
	for _, c := range []struct {
		name string
		tls  *tls.Config
		want int
	}{{"with the directory's certificate", cfg, http.StatusForbidden}, {"without a certificate", &tls.Config{RootCAs: cfg.RootCAs}, http.StatusUnauthorized}} {
		client := &http.Client{Transport: &http.Transport{TLSClientConfig: c.tls}}
		req, _ := http.NewRequest(http.MethodGet, entry.BaseURL+"/v1/accounts", nil)
		req.Header.Set("X-Request-ID", "r-1")
		req.Header.Set("Consent-ID", "none")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: GET /v1/accounts answered %d, want %d", c.name, resp.StatusCode, c.want)
		}
	}
	appOnItsOwnListener(t, entry, roots)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("stopping: %v", err)
	}
}

// appOnItsOwnListener: the app the entry names is served by the sandbox
// alone to a browser without a certificate, with the security headers, a
// sign-in form whose token its guard checks, and the test user's password
// checked.
func appOnItsOwnListener(t *testing.T, entry xs2a.Bank, roots *x509.CertPool) {
	t.Helper()
	if entry.AppURL != strings.TrimSuffix(entry.BaseURL, "/"+entry.Code)+"/"+entry.Code+"/app" {
		t.Fatalf("the entry's app is %q (base %s)", entry.AppURL, entry.BaseURL)
	}
	b := browser()
	b.Transport = &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}
	resp, err := b.Get(entry.AppURL + "?lang=fr")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	token := csrfField.FindStringSubmatch(string(body))
	if resp.StatusCode != http.StatusOK || token == nil || !strings.Contains(string(body), `lang="fr"`) ||
		resp.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("the app: %d %v\n%s", resp.StatusCode, resp.Header, body)
	}
	for _, tc := range []struct {
		name string
		form url.Values
		want int
	}{
		{"without the token", url.Values{"username": {"user"}, "password": {banks.TestPassword}}, http.StatusForbidden},
		{"a wrong password", url.Values{"csrf_token": {token[1]}, "username": {"user"}, "password": {"wrong"}}, http.StatusUnprocessableEntity},
		{"the test user", url.Values{"csrf_token": {token[1]}, "username": {"user"}, "password": {banks.TestPassword}}, http.StatusSeeOther},
	} {
		resp, err := b.PostForm(entry.AppURL, tc.form)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("a sign-in %s: %d, want %d", tc.name, resp.StatusCode, tc.want)
		}
	}
}
