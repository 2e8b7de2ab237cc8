package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestMigrateConcurrently starts two instances' migrations at once on one
// empty database: both succeed and every migration is applied exactly once.
func TestMigrateConcurrently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.NewDB(t)
	st := store.New(db)
	if _, err := db.Exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public`); err != nil {
		t.Fatal(err)
	}
	ms, err := store.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	applied := make([][]string, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() { applied[i], errs[i] = st.Migrate(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
	}
	if got := len(applied[0]) + len(applied[1]); got != len(ms) {
		t.Fatalf("applied %d migrations in all, want %d (%v)", got, len(ms), applied)
	}
	var rows int
	if err := db.Get(&rows, `SELECT count(*) FROM schema_migrations`); err != nil {
		t.Fatal(err)
	}
	if rows != len(ms) {
		t.Fatalf("schema_migrations has %d rows, want %d", rows, len(ms))
	}
	again, err := st.Migrate(ctx)
	if err != nil || len(again) != 0 {
		t.Fatalf("second run applied %v, %v; want nothing", again, err)
	}
}

func TestSettingKeepsFirstValue(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	ctx := context.Background()
	first, err := st.Setting(ctx, "k", func() ([]byte, error) { return []byte("one"), nil })
	if err != nil {
		t.Fatal(err)
	}
	second, err := st.Setting(ctx, "k", func() ([]byte, error) { return []byte("two"), nil })
	if err != nil {
		t.Fatal(err)
	}
	if string(first) != "one" || string(second) != "one" {
		t.Fatalf("got %q then %q, want one, one", first, second)
	}
}

func TestPruneExpiredRuns(t *testing.T) {
	t.Parallel()
	now := time.Now()
	if err := storetest.NewStore(t).PruneExpired(context.Background(), now, now.Add(-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
}
