package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

// TestResultsLifecycle records results, finds the newest ready one of a
// version (data, model, categoriser and language), keeps a body and deletes what has
// expired.
func TestResultsLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	v1 := store.ResultVersion{Data: "v1", Model: "score@1", Categoriser: 1}
	rows := []store.Result{
		{ID: "old", Kind: "analytics", ResultVersion: v1, ExpiresAt: now.Add(-time.Minute)},
		{ID: "pending", Kind: "analytics", ResultVersion: v1, ExpiresAt: now.Add(time.Hour)},
		{ID: "ready", Kind: "analytics", ResultVersion: store.ResultVersion{Data: "v0"}, ExpiresAt: now.Add(30 * time.Minute)},
		{ID: "other", Kind: "report", ResultVersion: v1, ExpiresAt: now.Add(time.Hour)},
		{ID: "older-model", Kind: "report", ResultVersion: store.ResultVersion{Data: "v1", Model: "score@0", Categoriser: 1},
			ExpiresAt: now.Add(2 * time.Hour)},
		{ID: "french", Kind: "report", ResultVersion: store.ResultVersion{Data: "v1", Model: "score@1", Categoriser: 1, Locale: "fr"},
			ExpiresAt: now.Add(3 * time.Hour)},
	}
	for i := range rows {
		rows[i].ClientID, rows[i].SubjectID, rows[i].CreatedAt = "c", "s", now.Add(-2*time.Hour)
		if err := st.InsertResult(ctx, &rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.PutResultBody(ctx, "ready", "application/json", []byte(`{"ok":true}`)); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishResult(ctx, "ready", v1, "application/json", now); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Result(ctx, "ready"); err != nil || got.Status != "ready" || got.ResultVersion != v1 {
		t.Fatalf("finished: %+v %v; want ready at %+v", got, err, v1)
	}
	tests := []struct {
		client, kind string
		version      store.ResultVersion
		want         string
	}{
		{"c", "analytics", v1, "ready"},
		{"c", "report", v1, "other"},
		{"c", "report", store.ResultVersion{Data: "v1", Model: "score@1", Categoriser: 1, Locale: "fr"}, "french"},
		{"c", "report", store.ResultVersion{Data: "v1", Model: "score@1", Categoriser: 1, Locale: "de"}, ""},
		{"c", "report", store.ResultVersion{Data: "v1", Model: "score@0", Categoriser: 1}, "older-model"},
		{"c", "analytics", store.ResultVersion{Data: "v2", Model: "score@1", Categoriser: 1}, ""},
		{"c", "analytics", store.ResultVersion{Data: "v1", Model: "score@2", Categoriser: 1}, ""},
		{"c", "analytics", store.ResultVersion{Data: "v1", Model: "score@1", Categoriser: 2}, ""},
		{"another", "analytics", v1, ""},
	}
	for _, tt := range tests {
		got, err := st.LatestResult(ctx, tt.client, "s", tt.kind, tt.version, now)
		if tt.want == "" && !errors.Is(err, store.ErrNotFound) || tt.want != "" && (err != nil || got.ID != tt.want) {
			t.Errorf("LatestResult(%s, %s, %+v) = %+v, %v; want %q", tt.client, tt.kind, tt.version, got, err, tt.want)
		}
	}
	ct, body, err := st.ResultBody(ctx, "ready")
	if err != nil || ct != "application/json" || string(body) != `{"ok":true}` {
		t.Fatalf("body: %q %q %v", ct, body, err)
	}
	if _, _, err := st.ResultBody(ctx, "pending"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a pending result has no body: %v", err)
	}
	if n, err := st.DeleteExpiredResults(ctx, now); err != nil || n != 1 {
		t.Fatalf("deleted %d, %v; want the one expired", n, err)
	}
	if _, err := st.Result(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired result still there: %v", err)
	}
}
