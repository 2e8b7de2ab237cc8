package web

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"openbank/oauth"
	"openbank/sealing"
	"openbank/store"
	"openbank/store/storetest"
)

func TestSecretsKeyConfig(t *testing.T) {
	newer, older := generateKey(t), generateKey(t)
	tests := []struct {
		name, value string
		ids         int
		want        []string
	}{
		{"two keys", newer + "," + older, 2, nil},
		{"short", "c2hvcnQ=", 0, []string{"SECRETS_KEY", "5 bytes once decoded", "openbank secrets generate"}},
		{"one bad of two", newer + ",nope!", 0, []string{"SECRETS_KEY", "key 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := LoadConfig(env(map[string]string{"SECRETS_KEY": tt.value}))
			if tt.want == nil {
				if err != nil || len(cfg.SecretsKeys.IDs()) != tt.ids {
					t.Fatalf("LoadConfig = %v, %v", cfg.SecretsKeys, err)
				}
				return
			}
			if err == nil || strings.Contains(err.Error(), newer) {
				t.Fatalf("LoadConfig error %v: want one that hides the value", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestExternalDatabaseNeedsSecretsKey(t *testing.T) {
	cfg, err := LoadConfig(env(map[string]string{"DATABASE_URL": "postgres://db.invalid/openbank"}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = OpenDatabase(context.Background(), cfg)
	for _, w := range []string{"SECRETS_KEY is not set", "openbank secrets generate", "head -c32 /dev/urandom | base64"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Fatalf("OpenDatabase without SECRETS_KEY = %v, want a message containing %q", err, w)
		}
	}
}

func TestEmbeddedDatabaseKeyIsGeneratedOnce(t *testing.T) {
	cfg := Config{DataDir: filepath.Join(t.TempDir(), "data")}
	first, err := secretsKeyring(cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cfg.DataDir, secretsKeyFile)
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file %s: %v, %v; want mode 0600", path, info, err)
	}
	again, err := secretsKeyring(cfg)
	if err != nil || again.Newest() != first.Newest() {
		t.Fatalf("second start: key id %v, %v; want the same %s", again, err, first.Newest())
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := secretsKeyring(cfg); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key file others can read: %v, want a refusal saying chmod 600", err)
	}
}

func generateKey(t *testing.T) string {
	t.Helper()
	k, err := sealing.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// hmacSecret is a callback HMAC secret the tests look for in raw rows.
var hmacSecret = []byte("callback-hmac-secret-for-the-raw-row-test")

// writePlainSecrets stores secrets as an earlier version left them (tagged
// plain by migration 0013): a client's HMAC secret and the session key.
func writePlainSecrets(t *testing.T, url string) {
	t.Helper()
	ctx := context.Background()
	st := store.New(storetest.OpenDB(t, url, 2))
	registry := &oauth.Registry{Store: st}
	c, _, err := registry.CreateClient(ctx, oauth.ClientSpec{ClientID: "earlier", Name: "earlier", Grants: []string{oauth.GrantClientCredentials}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := registry.UpdateClient(ctx, c.ClientID, func(c *store.Client) error { c.CallbackHMAC = hmacSecret; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Setting(ctx, "session_key", func() ([]byte, error) { return bytes.Repeat([]byte{0x30, 0x82}, 32), nil }); err != nil {
		t.Fatal(err)
	}
}

// startWithKey opens url with SECRETS_KEY set to key, migrates and builds
// the server, as `openbank serve` does; it returns the first error.
func startWithKey(t *testing.T, url, key string) error {
	t.Helper()
	cfg, err := LoadConfig(env(map[string]string{"DATABASE_URL": url, "SECRETS_KEY": key}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	d, err := OpenDatabase(ctx, cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	s, err := NewServer(cfg, d.Store)
	if err != nil {
		return err
	}
	s.Close()
	return nil
}

// testSecretsKey is the SECRETS_KEY of servers the tests run as a binary on
// a database of their own.
const testSecretsKey = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
