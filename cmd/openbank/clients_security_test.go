package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"openbank/store/storetest"
)

// TestClientCallbackSecurityCommand sets a client's token endpoint with
// the secret read from a file, sealed in the database, and audited without
// it; mutual TLS without a configured certificate and a token URL inside
// the network are refused.
func TestClientCallbackSecurityCommand(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	env := map[string]string{"DATABASE_URL": url}
	env["SECRETS_KEY"] = strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	out := openbank(t, env, "client", "create", "--name", "Receiver", "--environment", "production", "--product", "callbacks")
	id := between(out, `"client_id": "`, `"`)
	if !strings.Contains(out, `"environment": "production"`) {
		t.Errorf("client create --environment production: %s", out)
	}
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("token-endpoint-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out = openbank(t, env, "client", "callback-security", "--client-id", id, "--token-url", "https://receiver.example/token",
		"--token-client-id", "openbank", "--token-secret-file", secret, "--token-scope", "callbacks")
	if !strings.Contains(out, `"token_secret": true`) || strings.Contains(out, "token-endpoint-secret") {
		t.Fatalf("callback-security: %s", out)
	}
	db := storetest.OpenDB(t, url, 2)
	var plain, audited int
	db.Get(&plain, `SELECT count(*) FROM callback_security WHERE position('token-endpoint-secret'::bytea IN token_secret) > 0`)
	db.Get(&audited, `SELECT count(*) FROM audit_log WHERE action = 'client.callback-security' AND source = 'cli'
		AND NOT after::text LIKE '%token-endpoint-secret%'`)
	if plain != 0 || audited != 1 {
		t.Errorf("stored in plain: %d; audited without the secret: %d", plain, audited)
	}
	for _, args := range [][]string{
		{"--mtls"},
		{"--token-url", "https://10.0.0.8/token", "--token-client-id", "x", "--token-secret-file", secret},
	} {
		cmd := append([]string{"client", "callback-security", "--client-id", id}, args...)
		if err := run(context.Background(), cmd, func(k string) string { return env[k] }, io.Discard, io.Discard); err == nil {
			t.Errorf("%v: accepted", args)
		}
	}
}
