package web

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"openbank/banks"
	"openbank/banks/xs2a"
)

// TestServeSandboxAlone: `openbank sandbox` serves the banks on its own
// listener and writes a directory whose entries reach them with mutual
// TLS; ending the context stops it.
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
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("stopping: %v", err)
	}
}
