package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"openbank/store"
	"openbank/store/storetest"
)

// TestResultsGoWithTheirConnections: removing a connection deletes the
// results of its subject (not another subject's), a result is not recorded
// from a connection that is gone, and deleting the client deletes the rest.
func TestResultsGoWithTheirConnections(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	now := time.Now().UTC()
	connect := func(subject string) int64 {
		c := &store.Connection{ClientID: "c", SubjectID: subject, Provider: "embedded-scenario", Access: "one_time",
			CallbackFields: []byte(`{}`), RequestID: uuid.NewString()}
		if err := st.InsertConnection(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	s1, s2 := connect("s-1"), connect("s-2")
	record := func(id, subject string, conn int64) error {
		return st.InsertResultOf(ctx, &store.Result{ID: id, ClientID: "c", SubjectID: subject, Kind: "analytics",
			CreatedAt: now, ExpiresAt: now.Add(time.Hour)}, []int64{conn})
	}
	for _, r := range []struct {
		id, subject string
		conn        int64
	}{{"r1", "s-1", s1}, {"r2", "s-2", s2}} {
		if err := record(r.id, r.subject, r.conn); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.RemoveConnection(ctx, "c", s1, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Result(ctx, "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("result of the removed connection's subject: %v", err)
	}
	if _, err := st.Result(ctx, "r2"); err != nil {
		t.Fatalf("result of another subject: %v", err)
	}
	if err := record("r3", "s-1", s1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("result from a removed connection: %v", err)
	}
	if _, err := st.Result(ctx, "r3"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("result from a removed connection was recorded: %v", err)
	}
	if err := st.CreateClient(ctx, store.Client{ClientID: "c", Name: "C"}); err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteClient(ctx, "c"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Result(ctx, "r2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("result of a deleted client: %v", err)
	}
}
