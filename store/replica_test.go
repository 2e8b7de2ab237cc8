package store_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"openbank/store"
	"openbank/store/storetest"
)

func TestReaderWithoutReplicaIsTheStore(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	if st.Reader() != st {
		t.Fatal("without a replica Reader must be the store itself")
	}
}

// TestReadPoolIsItsOwnPoolOnThePrimary: with a read pool, Reader is a
// second pool of the size asked on the same database, so it sees the
// primary's writes at once.
func TestReadPoolIsItsOwnPoolOnThePrimary(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, storetest.NewURL(t), store.PoolOptions{MaxOpen: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.OpenReadPool(ctx, store.PoolOptions{MaxOpen: 2, MaxIdle: 2, KeepIdle: true}); err != nil {
		t.Fatal(err)
	}
	r := st.Reader()
	if r == st || r.Stats().MaxOpenConnections != 2 || st.Stats().MaxOpenConnections != 3 {
		t.Fatalf("read pool: %+v, primary: %+v", r.Stats(), st.Stats())
	}
	if err := st.CreateUser(ctx, store.User{Username: "ann", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := usernames(t, r); got != "ann" {
		t.Fatalf("the read pool sees %q, want ann", got)
	}
	if r.Stats().OpenConnections == 0 {
		t.Fatal("the read went through the primary's pool")
	}
	if err := store.New(storetest.NewDB(t)).OpenReadPool(ctx, store.PoolOptions{}); err == nil {
		t.Fatal("a store not opened by store.Open got a read pool")
	}
}

// lockedBuffer is a log sink the pool's goroutines may write to.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// usernames lists the users as the console's list reads them.
func usernames(t *testing.T, st *store.Store) string {
	t.Helper()
	users, err := st.ConsoleUsers(context.Background(), "", 100)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range users {
		names = append(names, u.Username)
	}
	return strings.Join(names, ",")
}

// TestReaderReadsFromAStreamingStandby runs a real primary and hot standby:
// reads through Reader see what the standby has replayed (nothing new while
// replay is paused), a write through Reader is refused as read only, and
// with the standby shut down Reader's reads go to the primary, logged.
func TestReaderReadsFromAStreamingStandby(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := storetest.StartReplicated(t)
	st, err := store.Open(ctx, r.Primary.URL(""), store.PoolOptions{MaxOpen: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	var logs lockedBuffer
	if err := st.OpenReplica(ctx, r.Standby.URL(""), store.PoolOptions{MaxOpen: 4}, slog.New(slog.NewTextHandler(&logs, nil))); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUser(ctx, store.User{Username: "ann", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	r.WaitReplay(t)
	if got := usernames(t, st.Reader()); got != "ann" {
		t.Fatalf("replayed: reader lists %q, want ann", got)
	}
	r.PauseReplay(t)
	if err := st.CreateUser(ctx, store.User{Username: "bob", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	if got, primary := usernames(t, st.Reader()), usernames(t, st); got != "ann" || primary != "ann,bob" {
		t.Fatalf("replay paused: reader lists %q, primary %q; want ann and ann,bob", got, primary)
	}
	err = st.Reader().CreateUser(ctx, store.User{Username: "eve", PasswordHash: "x"})
	if err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("a write through the reader: %v, want a read-only refusal", err)
	}
	r.ResumeReplay(t)
	r.WaitReplay(t)
	if got := usernames(t, st.Reader()); got != "ann,bob" {
		t.Fatalf("resumed: reader lists %q, want ann,bob", got)
	}
	r.StopStandby(t)
	if got := usernames(t, st.Reader()); got != "ann,bob" {
		t.Fatalf("standby down: reader lists %q, want the primary's ann,bob", got)
	}
	if !strings.Contains(logs.String(), "reads go to the primary") {
		t.Fatalf("no log line says the reads moved to the primary: %s", logs.String())
	}
}
