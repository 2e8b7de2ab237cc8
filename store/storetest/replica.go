package storetest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"openbank/store"
	"openbank/store/pgdev"
)

// Replicated is a test's own primary cluster, its migrated "openbank"
// database, and a hot standby streaming from it.
type Replicated struct {
	Primary, Standby *pgdev.Cluster
	primary, standby *sqlx.DB // the test's own pools, for LSNs and replay control
}

// replicaSettings tune both servers for tests; the standby needs at least
// the primary's max_connections.
var replicaSettings = map[string]string{
	"fsync": "off", "synchronous_commit": "off", "wal_level": "replica", "max_wal_senders": "4",
	"max_connections": "100", "shared_buffers": "32MB", "hot_standby_feedback": "on",
}

// StartReplicated starts a primary and a streaming standby under a fresh
// directory, both stopped and removed when the test ends.
func StartReplicated(t testing.TB) *Replicated {
	t.Helper()
	dir, err := os.MkdirTemp("", "openbank-replica-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil { //nolint:gosec // G302: the server's user must traverse it
		t.Fatal(err)
	}
	ctx := context.Background()
	primary, err := pgdev.Start(ctx, filepath.Join(dir, "primary"), pgdev.Options{Settings: replicaSettings})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = primary.Stop() })
	migrate(t, primary.URL(""))
	standby, err := primary.StartStandby(ctx, filepath.Join(dir, "standby"), "openbank_test", pgdev.Options{Settings: replicaSettings})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = standby.Stop() })
	return &Replicated{Primary: primary, Standby: standby,
		primary: OpenDB(t, primary.URL(""), 2), standby: OpenDB(t, standby.URL(""), 2)}
}

func migrate(t testing.TB, url string) {
	t.Helper()
	st, err := store.Open(context.Background(), url, store.PoolOptions{MaxOpen: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = st.Close() }()
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// WaitReplay waits until the standby has replayed every change the
// primary had made when it was called (up to its WAL insert position, so
// that commits not yet flushed under synchronous_commit=off count too).
func (r *Replicated) WaitReplay(t testing.TB) {
	t.Helper()
	var lsn string
	if err := r.primary.Get(&lsn, `SELECT pg_current_wal_insert_lsn()::text`); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var done bool
		if err := r.standby.Get(&done, `SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn`, lsn); err != nil {
			t.Fatal(err)
		}
		if done {
			return
		}
	}
	t.Fatalf("the standby has not replayed up to %s within 30s", lsn)
}

// PauseReplay stops the standby applying WAL: what the primary writes
// from now on is not seen on the standby until ResumeReplay.
func (r *Replicated) PauseReplay(t testing.TB) {
	t.Helper()
	if _, err := r.standby.Exec(`SELECT pg_wal_replay_pause()`); err != nil {
		t.Fatal(err)
	}
}

// ResumeReplay lets the standby apply WAL again.
func (r *Replicated) ResumeReplay(t testing.TB) {
	t.Helper()
	if _, err := r.standby.Exec(`SELECT pg_wal_replay_resume()`); err != nil {
		t.Fatal(err)
	}
}

// StopStandby shuts the standby down (fast mode); its sessions end.
func (r *Replicated) StopStandby(t testing.TB) {
	t.Helper()
	_ = r.standby.Close() // its sessions are about to end anyway
	if err := r.Standby.Stop(); err != nil {
		t.Fatal(err)
	}
}
