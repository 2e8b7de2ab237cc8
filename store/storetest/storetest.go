// Package storetest gives each test its own PostgreSQL database, cloned from
// a migrated template, on a throwaway cluster (or the one named by
// OPENBANK_TEST_DATABASE_URL, as `make test` arranges).
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"openbank/store"
	"openbank/store/pgdev"
)

// EnvURL names the variable holding the admin connection string of a
// running test cluster (its "postgres" database).
const EnvURL = "OPENBANK_TEST_DATABASE_URL"

var (
	mu       sync.Mutex
	adminURL string
	template string
)

// Main runs a package's tests, starting a throwaway cluster when none is
// given through EnvURL. Call it from TestMain.
func Main(m *testing.M) {
	os.Exit(Run(m))
}

// Run is Main without the exit, for packages that clean up after their
// tests: it returns the exit code.
func Run(m *testing.M) int {
	adminURL = os.Getenv(EnvURL)
	if adminURL == "" {
		dir, err := os.MkdirTemp("", "openbank-test-pg-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		c, err := StartCluster(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer func() { _ = c.Stop() }()
		adminURL = c.URL("postgres")
	}
	return m.Run()
}

// StartCluster starts a throwaway cluster tuned for tests (no fsync).
func StartCluster(dir string) (*pgdev.Cluster, error) {
	return pgdev.Start(context.Background(), dir, pgdev.Options{
		Database: "postgres",
		Settings: map[string]string{
			"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
			"max_connections": "400", "shared_buffers": "128MB",
		},
	})
}

// NewURL creates a fresh migrated database and returns its connection
// string; the database is dropped when the test ends.
func NewURL(t testing.TB) string {
	t.Helper()
	if adminURL == "" {
		t.Fatal("storetest: call storetest.Main from TestMain")
	}
	admin, err := sqlx.Open("postgres", adminURL)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = admin.Close() }()
	tmpl, err := templateDB(admin)
	if err != nil {
		t.Fatal(err)
	}
	name := "t_" + randomHex(8)
	if _, err := admin.Exec(fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, tmpl)); err != nil {
		t.Fatalf("storetest: clone template: %v", err)
	}
	t.Cleanup(func() {
		a, err := sqlx.Open("postgres", adminURL)
		if err != nil {
			t.Logf("storetest: drop %s: %v", name, err)
			return
		}
		if _, err := a.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("storetest: drop %s: %v", name, err)
		}
		_ = a.Close()
	})
	return withDB(adminURL, name)
}

// DB is a test's own pool, for checks and fixtures in SQL.
type DB = sqlx.DB

// NewDB is NewURL opened as a pool that closes when the test ends, for
// tests that check rows with their own SQL; store.New(db) is the store
// over it.
func NewDB(t testing.TB) *sqlx.DB {
	t.Helper()
	return OpenDB(t, NewURL(t), 20)
}

// NewStore is the store over a fresh database; it closes when the test ends.
func NewStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), NewURL(t), store.PoolOptions{MaxOpen: 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// OpenDB opens the database at url as a pool of at most maxOpen
// connections that closes when the test ends.
func OpenDB(t testing.TB, url string, maxOpen int) *sqlx.DB {
	t.Helper()
	db, err := sqlx.Open("postgres", url)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(maxOpen)
	if err := db.Ping(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// templateDB builds, once per cluster and schema, a database holding every
// migration, named after a digest of the migrations.
func templateDB(admin *sqlx.DB) (string, error) {
	mu.Lock()
	defer mu.Unlock()
	if template != "" {
		return template, nil
	}
	name, err := templateName()
	if err != nil {
		return "", err
	}
	conn, err := admin.Conn(context.Background())
	if err != nil {
		return "", err
	}
	defer func() { _ = conn.Close() }()
	ctx := context.Background()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return "", err
	}
	defer func() { _, _ = conn.ExecContext(ctx, `SELECT pg_advisory_unlock(42)`) }()
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		if err := buildTemplate(ctx, admin, name); err != nil {
			return "", err
		}
	}
	template = name
	return name, nil
}

func buildTemplate(ctx context.Context, admin *sqlx.DB, name string) error {
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		return err
	}
	st, err := store.Open(ctx, withDB(adminURL, name), store.PoolOptions{MaxOpen: 2})
	if err != nil {
		return err
	}
	defer func() { _ = st.Close() }()
	_, err = st.Migrate(ctx)
	return err
}

func templateName() (string, error) {
	ms, err := store.Migrations()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, m := range ms {
		h.Write([]byte(m.Name + m.SQL))
	}
	return "tmpl_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

// withDB swaps the database name of a key=value or URL connection string.
func withDB(dsn, name string) string {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		if u, err := url.Parse(dsn); err == nil {
			u.Path = "/" + name
			return u.String()
		}
	}
	var parts []string
	for _, f := range strings.Fields(dsn) {
		if !strings.HasPrefix(f, "dbname=") {
			parts = append(parts, f)
		}
	}
	return strings.Join(append(parts, "dbname="+name), " ")
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
