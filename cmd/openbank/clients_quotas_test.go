package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"openbank/store/storetest"
)

// TestClientQuotaFlags gives a client its own quotas at creation, changes
// one on update while keeping the others, returns one to the default (0)
// and refuses a negative quota.
func TestClientQuotaFlags(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	env := map[string]string{"DATABASE_URL": url}
	env["SECRETS_KEY"] = strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	var c clientView
	read := func(out string) clientView {
		t.Helper()
		var v clientView
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return v
	}
	c = read(openbank(t, env, "client", "create", "--name", "Quotas", "--grant", "client_credentials",
		"--max-connections-per-subject", "3", "--max-connections", "50"))
	if c.MaxSubjectConnections != 3 || c.MaxSubjectWidgets != 0 || c.MaxConnections != 50 {
		t.Fatalf("created %+v", c)
	}
	c = read(openbank(t, env, "client", "update", "--client-id", c.ClientID, "--max-open-widgets-per-subject", "4",
		"--max-connections", "0"))
	if c.MaxSubjectConnections != 3 || c.MaxSubjectWidgets != 4 || c.MaxConnections != 0 {
		t.Fatalf("updated %+v", c)
	}
	getenv := func(k string) string { return env[k] }
	err := run(context.Background(), []string{"client", "update", "--client-id", c.ClientID, "--max-connections-per-subject", "-2"},
		getenv, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "connections per subject must be from 0") {
		t.Fatalf("negative quota: %v", err)
	}
}
