package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-jose/go-jose/v4"

	"openbank/store/storetest"
)

// client create and update set a client's FAPI 2.0 profile and keys, and
// refuse a profile the client breaks.
func TestClientProfileFlags(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": storetest.NewURL(t)}
	env["SECRETS_KEY"] = strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	set, _ := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256"}}})
	jwks := filepath.Join(t.TempDir(), "jwks.json")
	if err := os.WriteFile(jwks, set, 0o600); err != nil {
		t.Fatal(err)
	}
	out := openbank(t, env, "client", "create", "--name", "Fintech", "--grant", "authorization_code",
		"--redirect-uri", "https://fintech.example/cb", "--profile", "fapi2", "--auth-method", "private_key_jwt", "--jwks-file", jwks)
	var created struct {
		ClientID string      `json:"client_id"`
		Security profileView `json:"auth_profile"`
	}
	if err := json.Unmarshal([]byte(out), &created); err != nil {
		t.Fatal(err)
	}
	want := profileView{Profile: "fapi2", AuthMethod: "private_key_jwt", RequirePAR: true, RequireDPoP: true, JWKS: true}
	if created.Security != want {
		t.Fatalf("security %+v, want %+v", created.Security, want)
	}
	out = openbank(t, env, "client", "update", "--client-id", created.ClientID, "--profile", "none", "--require-par")
	if !strings.Contains(out, `"profile": ""`) || !strings.Contains(out, `"require_pushed_authorization_requests": true`) {
		t.Errorf("update: %s", out)
	}
	out = openbank(t, env, "client", "create", "--name", "Legacy", "--grant", "password")
	var legacy struct {
		ClientID string `json:"client_id"`
	}
	json.Unmarshal([]byte(out), &legacy)
	err = run(t.Context(), []string{"client", "update", "--client-id", legacy.ClientID, "--profile", "fapi2",
		"--auth-method", "private_key_jwt", "--jwks-file", jwks}, func(k string) string { return env[k] }, &strings.Builder{}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "password") {
		t.Errorf("fapi2 for a password client: %v", err)
	}
}
