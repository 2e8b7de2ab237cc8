package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"openbank/oauth"
)

// TestBankDirectoryConfig: BANK_DIRECTORY is loaded and checked at start;
// a bad entry stops the start with its problems named.
func TestBankDirectoryConfig(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "banks.yaml")
	os.WriteFile(good, []byte(`banks:
  - code: musterbank-sandbox
    name: Musterbank Sandbox
    country: DE
    baseUrl: https://sandbox.musterbank.example/psd2
    standard: berlin-group
    version: 1.3.11
    scaApproaches: [redirect]
    environment: test
`), 0o600)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"banks":[{"code":"x1","name":"X","country":"DE","baseUrl":"http://x.example","standard":"berlin-group","version":"1.3","scaApproaches":["redirect"]}]}`), 0o600)
	env := func(file string) func(string) string {
		return func(k string) string { return map[string]string{"BANK_DIRECTORY": file}[k] }
	}
	cfg, err := LoadConfig(env(good))
	if err != nil || len(cfg.Banks) != 1 || cfg.Banks[0].Code != "musterbank-sandbox" {
		t.Fatalf("good directory: %+v, %v", cfg.Banks, err)
	}
	_, err = LoadConfig(env(bad))
	for _, want := range []string{"banks[0] (x1)", "baseUrl must", "certificate and key"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad directory: error %v does not say %q", err, want)
		}
	}
	if _, err := LoadConfig(env(filepath.Join(dir, "missing.yaml"))); err == nil || !strings.Contains(err.Error(), "bank directory") {
		t.Errorf("missing directory: %v", err)
	}
}

// TestDirectoryBanksListed: a directory's bank is listed under its
// country beside the mock banks.
func TestDirectoryBanksListed(t *testing.T) {
	t.Parallel()
	in := startInstanceWith(t, map[string]string{"BANK_DIRECTORY": writeDirectory(t)})
	a, _ := newAggClient(t, in, oauth.ClientSpec{})
	code, body := a.call("GET", "/providers?countryCodes=DE&countryCodes=XF", nil)
	list, _ := body["providers"].([]any)
	if code != 200 || len(list) != 8 {
		t.Fatalf("%d %v", code, body)
	}
	codes := map[any]bool{}
	for _, p := range list {
		codes[p.(map[string]any)["code"]] = true
	}
	if !codes["musterbank-sandbox"] || !codes["redirect-scenario"] {
		t.Errorf("listed: %v", codes)
	}
}

func writeDirectory(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "banks.json")
	os.WriteFile(f, []byte(`{"banks":[{"code":"musterbank-sandbox","name":"Musterbank Sandbox","country":"DE","baseUrl":"https://sandbox.musterbank.example","standard":"berlin-group","version":"1.3","scaApproaches":["redirect"],"environment":"test"}]}`), 0o600)
	return f
}
