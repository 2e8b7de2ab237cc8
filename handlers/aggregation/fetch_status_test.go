package aggregation_test

import (
	"context"
	"fmt"
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
