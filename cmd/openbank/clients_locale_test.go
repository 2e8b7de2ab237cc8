package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"openbank/store/storetest"
)

// TestClientLocaleFlag refuses a malformed default language before the
// database is opened, then keeps, changes and clears a well-formed one.
func TestClientLocaleFlag(t *testing.T) {
	for _, args := range [][]string{
		{"client", "create", "--name", "n", "--locale", "fr_FR"},
		{"client", "update", "--client-id", "c", "--locale", "français"},
	} {
		err := run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "BCP 47") {
			t.Errorf("%v: %v, want a refusal naming BCP 47", args, err)
		}
	}
	env := map[string]string{"DATABASE_URL": storetest.NewURL(t)}
	env["SECRETS_KEY"] = strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	out := openbank(t, env, "client", "create", "--name", "Locale test", "--grant", "client_credentials", "--locale", "de-CH")
	if !strings.Contains(out, `"default_locale": "de-CH"`) {
		t.Fatalf("create: %s", out)
	}
	id := between(out, `"client_id": "`, `"`)
	if out := openbank(t, env, "client", "update", "--client-id", id, "--locale", "nl"); !strings.Contains(out, `"default_locale": "nl"`) {
		t.Fatalf("update: %s", out)
	}
	if out := openbank(t, env, "client", "update", "--client-id", id, "--locale", ""); !strings.Contains(out, `"default_locale": ""`) {
		t.Fatalf("clear: %s", out)
	}
}
