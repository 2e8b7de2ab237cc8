package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"openbank/sealing"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// openbank runs the command line with the given environment and returns
// what it printed.
func openbank(t *testing.T, env map[string]string, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	getenv := func(k string) string { return env[k] }
	if err := run(context.Background(), args, getenv, &out, &errs); err != nil {
		t.Fatalf("openbank %s: %v\n%s", strings.Join(args, " "), err, errs.String())
	}
	return out.String()
}

func TestSecretsGeneratePrintsAKey(t *testing.T) {
	t.Parallel()
	out := openbank(t, nil, "secrets", "generate")
	if _, err := sealing.ParseKeyring(strings.TrimSpace(out)); err != nil {
		t.Fatalf("secrets generate printed %q: %v", out, err)
	}
}

func TestSecretsRotateSealsEverythingWithTheNewestKey(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	older := strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	newer := strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	openbank(t, map[string]string{"DATABASE_URL": url, "SECRETS_KEY": older}, "keys", "rotate")

	out := openbank(t, map[string]string{"DATABASE_URL": url, "SECRETS_KEY": newer + "," + older}, "secrets", "rotate")
	var got rotation
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("secrets rotate printed %q: %v", out, err)
	}
	want, err := sealing.ParseKeyring(newer)
	if err != nil {
		t.Fatal(err)
	}
	if got.KeyID != want.Newest() || len(got.Tables) != 4 || got.Tables[0].Table != "oauth_keys" ||
		got.Tables[0].Resealed != 2 || got.Tables[0].Values != 2 {
		t.Fatalf("secrets rotate reported %s, want key id %s and both signing keys resealed", out, want.Newest())
	}
	// The older key is no longer needed.
	openbank(t, map[string]string{"DATABASE_URL": url, "SECRETS_KEY": newer}, "keys", "rotate")
}
