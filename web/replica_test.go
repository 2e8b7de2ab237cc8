package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net"
	"strings"
	"testing"

	"openbank/oauth"
	"openbank/store/storetest"
)

func TestDatabaseReadURLIsChecked(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, primary, replica, want string
	}{
		{"unset", "", "", ""},
		{"beside a primary", "host=/a dbname=x", "host=/b dbname=x", ""},
		{"without a primary", "", "host=/b dbname=x", "needs DATABASE_URL"},
		{"not a connection string", "host=/a dbname=x", "replica", "must be a postgres:// URL"},
		{"the primary itself", "host=/a dbname=x", "host=/a dbname=x", "names the same database"},
	}
	for _, tt := range tests {
		_, err := LoadConfig(func(k string) string {
			return map[string]string{"DATABASE_URL": tt.primary, "DATABASE_READ_URL": tt.replica}[k]
		})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (tt.want == "") != !strings.Contains(got, "DATABASE_READ_URL") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// startReplicatedInstance serves a server opened by OpenDatabase on the
// primary of r with DATABASE_READ_URL pointing at its standby.
func startReplicatedInstance(t *testing.T, r *storetest.Replicated) *instance {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	key := make([]byte, 32)
	rand.Read(key)
	cfg, err := LoadConfig(func(k string) string {
		return map[string]string{"PUBLIC_URL": base, "FETCH_LATENCY": "0s", "JOB_LEASE": "3s",
			"DATABASE_URL": r.Primary.URL(""), "DATABASE_READ_URL": r.Standby.URL(""),
			"SECRETS_KEY": base64.StdEncoding.EncodeToString(key), "DB_MAX_CONNS": "8"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.ShutdownDrain = 0
	db, err := OpenDatabase(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(cfg, db.Store)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done; s.Close(); _ = db.Close() })
	return &instance{Server: s, base: base, db: storetest.OpenDB(t, r.Primary.URL(""), 2), st: db.Store}
}

// TestReadsGoToTheReplica runs a real primary and streaming standby behind
// one server: while the standby's replay is paused, analytics and the
// console's user list answer what the standby holds, writes of the same
// requests succeed (they would be refused read only on the standby), and
// with the standby shut down the same reads are answered by the primary.
func TestReadsGoToTheReplica(t *testing.T) {
	t.Parallel()
	r := storetest.StartReplicated(t)
	in := startReplicatedInstance(t, r)
	a, _ := newAggClient(t, in, oauth.ClientSpec{Products: []string{oauth.ProductInsight}})
	in.consoleUser(t, "root", "root-password", true)
	b := browser()
	consoleSignIn(t, in, b, "root", "root-password").Body.Close()
	connectSubject(t, a, "s-1", "user")
	r.WaitReplay(t)
	if got := a.get("v3.12.0", "/subjects/s-1/analytics", nil); got.code != 200 {
		t.Fatalf("analytics of a replayed subject: %d %.300s", got.code, got.body)
	}

	r.PauseReplay(t)
	connectSubject(t, a, "s-2", "user")
	in.consoleUser(t, "late-admin", "late-password", true)
	if got := a.get("v3.12.0", "/subjects/s-2/analytics", nil); got.code != 404 {
		t.Fatalf("analytics of a subject the standby has not replayed: %d, want 404 from the standby", got.code)
	}
	if code, body := consolePage(t, b, in.base+"/admin/users"); code != 200 || strings.Contains(body, "late-admin") {
		t.Fatalf("users page while replay is paused: %d, lists late-admin: %v", code, strings.Contains(body, "late-admin"))
	}

	r.ResumeReplay(t)
	r.WaitReplay(t)
	if got := a.get("v3.12.0", "/subjects/s-2/analytics", nil); got.code != 200 {
		t.Fatalf("analytics after replay: %d %.300s", got.code, got.body)
	}
	r.StopStandby(t)
	if got := a.get("v3.12.0", "/subjects/s-1/reports", nil); got.code != 200 {
		t.Fatalf("report with the standby down: %d %.300s", got.code, got.body)
	}
	if code, body := consolePage(t, b, in.base+"/admin/users"); code != 200 || !strings.Contains(body, "late-admin") {
		t.Fatalf("users page with the standby down: %d, lists late-admin: %v", code, strings.Contains(body, "late-admin"))
	}
}

// TestReadPoolBesideThePrimary: without a replica, the read-only queries
// get a pool of their own, a quarter of DB_MAX_CONNS (at least one) beside
// it, and /metrics shows both pools.
func TestReadPoolBesideThePrimary(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		conns   int
		replica string
		want    int
	}{{1, "", 1}, {3, "", 1}, {4, "", 1}, {20, "", 5}, {20, "host=/b dbname=x", 0}} {
		if got := readConns(Config{DBMaxConns: tt.conns, DatabaseReadURL: tt.replica}); got != tt.want {
			t.Errorf("readConns(%d, %q) = %d, want %d", tt.conns, tt.replica, got, tt.want)
		}
	}
	key := make([]byte, 32)
	rand.Read(key)
	cfg, err := LoadConfig(func(k string) string {
		return map[string]string{"DATABASE_URL": storetest.NewURL(t), "DB_MAX_CONNS": "8",
			"SECRETS_KEY": base64.StdEncoding.EncodeToString(key)}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	db, err := OpenDatabase(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if r := db.Reader(); r == db.Store || r.Stats().MaxOpenConnections != 2 || db.Stats().MaxOpenConnections != 8 {
		t.Fatalf("pools: primary %+v, reads %+v", db.Stats(), r.Stats())
	}
	s, err := NewServer(cfg, db.Store)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	body := get(t, s.Metrics(), "/metrics").Body.String()
	for _, want := range []string{`go_sql_max_open_connections{db_name="openbank"} 8`, `go_sql_max_open_connections{db_name="openbank_read"} 2`} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
