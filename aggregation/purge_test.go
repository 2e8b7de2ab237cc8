package aggregation_test

import (
	"context"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/store"
)

// TestPurgeForgetsOldConsoleSessions runs the daily purge: a console
// session that expired longer ago than ConsoleSessionsKept goes, a recent
// one (ended or not) stays for the dashboard.
func TestPurgeForgetsOldConsoleSessions(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	ctx := context.Background()
	now := f.clock.Now()
	for _, tc := range []struct {
		name    string
		expired time.Time
	}{
		{"old", now.Add(-aggregation.ConsoleSessionsKept - time.Hour)},
		{"recent", now.Add(-aggregation.ConsoleSessionsKept + time.Hour)},
		{"live", now.Add(time.Hour)},
	} {
		s := store.ConsoleSession{IDDigest: []byte(tc.name), Username: "admin", Address: "127.0.0.1",
			CreatedAt: tc.expired.Add(-12 * time.Hour), LastSeen: tc.expired.Add(-time.Hour), ExpiresAt: tc.expired}
		if err := f.db.CreateConsoleSession(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.svc.RunPurge(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var kept []string
	if err := f.raw.Select(&kept, `SELECT convert_from(id_digest, 'UTF8') FROM console_sessions ORDER BY expires_at`); err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept[0] != "recent" || kept[1] != "live" {
		t.Fatalf("sessions kept after the purge: %v; want [recent live]", kept)
	}
}
