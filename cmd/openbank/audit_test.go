package main

import (
	"strings"
	"testing"

	"openbank/store/storetest"
)

func TestCommandsWriteTheAuditLog(t *testing.T) {
	t.Parallel()
	url := storetest.NewURL(t)
	env := map[string]string{"DATABASE_URL": url}
	env["SECRETS_KEY"] = strings.TrimSpace(openbank(t, nil, "secrets", "generate"))
	openbank(t, env, "user", "create", "--username", "ops", "--password", "ops-password", "--admin")
	out := openbank(t, env, "client", "create", "--name", "Audit test", "--grant", "client_credentials")
	id := between(out, `"client_id": "`, `"`)
	openbank(t, env, "client", "rotate-secret", "--client-id", id, "--keep-old-for", "1h")
	db := storetest.OpenDB(t, url, 2)
	var got []struct {
		Actor  string `db:"actor"`
		Action string `db:"action"`
		Target string `db:"target"`
		After  string `db:"after"`
	}
	if err := db.Select(&got, `SELECT actor, action, target, COALESCE(after::text, '') AS after FROM audit_log
		WHERE source = 'cli' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	want := []struct{ action, target, after string }{
		{"user.create", "user/ops", `"admin": true`},
		{"client.create", "client/" + id, `"name": "Audit test"`},
		{"client.rotate-secret", "client/" + id, `"oldSecretGrace": "1h0m0s"`},
	}
	if len(got) != len(want) {
		t.Fatalf("audit log %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if !strings.HasPrefix(g.Actor, "cli") || g.Action != w.action || g.Target != w.target || !strings.Contains(g.After, w.after) ||
			strings.Contains(g.After, "secret\": \"") {
			t.Errorf("entry %d: %+v, want %+v", i, g, w)
		}
	}
}

// between returns the text of s after start up to end.
func between(s, start, end string) string {
	_, rest, _ := strings.Cut(s, start)
	v, _, _ := strings.Cut(rest, end)
	return v
}
