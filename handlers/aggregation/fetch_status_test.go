package aggregation_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// A connection shows its newest fetch's state at every step: queued when
// the consent is given, running while it downloads, then succeeded or
// failed with a code of the documented enum.
func TestConnectionShowsItsFetchStatus(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		user, status, code string
		recoverable        bool
	}{
		{"user", "succeeded", "", false},
		{"provider-error", "failed", "bankUnavailable", false},
		{"maintenance", "failed", "bankMaintenance", false},
		{"consent-error", "failed", "consentRevoked", true},
	} {
		t.Run(tc.user, func(t *testing.T) {
			t.Parallel()
			a := newAPI(t)
			code, created := a.call("client-a", "POST", "/connections", uuid.NewString(), embedded(tc.user))
			if code != 201 || created["fetchStatus"] != "queued" {
				t.Fatalf("created: %d %v, want fetchStatus queued", code, created)
			}
			path := fmt.Sprintf("/connections/%.0f", created["id"])
			latest := created["latestFetch"].(map[string]any)
			if err := a.svc.Store.StartFetch(context.Background(), int64(latest["id"].(float64)), time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, running := a.call("client-a", "GET", path, uuid.NewString(), nil); running["fetchStatus"] != "running" {
				t.Fatalf("while downloading: %v, want running", running["fetchStatus"])
			}
			a.drain()
			_, done := a.call("client-a", "GET", path, uuid.NewString(), nil)
			f := done["latestFetch"].(map[string]any)
			if done["fetchStatus"] != tc.status || f["status"] != tc.status || f["finishedAt"] == nil {
				t.Fatalf("after the fetch: %v, want %s", done, tc.status)
			}
			if tc.code == "" {
				return
			}
			if f["errorCode"] != tc.code || f["flagErrorRecoverable"] != tc.recoverable || f["errorReason"] == "" {
				t.Errorf("failed fetch %v, want errorCode %s, recoverable %v", f, tc.code, tc.recoverable)
			}
			_, history := a.call("client-a", "GET", path+"/fetches", uuid.NewString(), nil)
			if first := history["fetches"].([]any)[0].(map[string]any); first["errorCode"] != tc.code {
				t.Errorf("fetch history %v, want errorCode %s", first, tc.code)
			}
		})
	}
}

// Every fetch logs its start and its end with the outcome, the rows, the
// duration and the caller's request and group ids.
func TestFetchesAreLogged(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	var out bytes.Buffer
	a.svc.Log = slog.New(slog.NewJSONHandler(&out, nil))
	for _, user := range []string{"user", "maintenance"} {
		b, err := json.Marshal(embedded(user))
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest("POST", "/aggregation/v3.12.0/connections", bytes.NewReader(b))
		r.Header.Set("X-Test-Client", "client-a")
		r.Header.Set("X-Request-Id", uuid.NewString())
		r.Header.Set("X-Group-Id", "journey-"+user)
		rec := httptest.NewRecorder()
		if a.engine.ServeHTTP(rec, r); rec.Code != 201 {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
	}
	a.drain()
	seen := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		seen[rec["msg"].(string)+" "+rec["group_id"].(string)] = rec
	}
	for key, want := range map[string][]string{
		"fetch started journey-user":        {"fetch", "connection", "trigger", "request_id", "provider"},
		"fetch succeeded journey-user":      {"rows", "accounts", "duration_ms", "request_id"},
		"fetch started journey-maintenance": {"request_id"},
		"fetch failed journey-maintenance":  {"error_code", "reason", "duration_ms", "request_id"},
	} {
		rec, ok := seen[key]
		if !ok {
			t.Errorf("no %q line in\n%s", key, out.String())
			continue
		}
		for _, attr := range want {
			if v, ok := rec[attr]; !ok || v == "" {
				t.Errorf("%q has no %s: %v", key, attr, rec)
			}
		}
	}
}
