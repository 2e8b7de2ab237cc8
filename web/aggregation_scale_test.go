package web

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"openbank/banks"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// TestTwoInstancesShareABurstOfRefetches sends 200 refetches for 10
// connections to two instances at once: every one runs, and no connection
// is ever fetched twice at the same time.
func TestTwoInstancesShareABurstOfRefetches(t *testing.T) {
	t.Parallel()
	dbURL := storetest.NewURL(t)
	// 20 refetches of a consent in a day: more than a PSD2 bank allows
	// without the subject, so the mock bank is called in-process.
	first := startInstanceEnv(t, dbURL, "", inProcessBanks)
	second := startInstanceEnv(t, dbURL, first.base, inProcessBanks)
	a, _ := newAggClient(t, first, oauth.ClientSpec{})
	b := *a
	b.in = second
	var ids []any
	for range 10 {
		_, conn := a.call("POST", "/connections", map[string]any{"subjectId": 1, "provider": banks.EmbeddedScenario,
			"access": "recurring", "credentials": map[string]string{"username": "user", "password": banks.TestPassword}})
		ids = append(ids, conn["id"])
		a.settled(conn["id"])
	}
	var wg sync.WaitGroup
	for i := range 200 {
		c := a
		if i%2 == 1 {
			c = &b
		}
		wg.Go(func() {
			if code, body := c.call("POST", fmt.Sprintf("/connections/%.0f/refetch", ids[i%10]), nil); code != 202 {
				t.Errorf("refetch %d: %d %v", i, code, body)
			}
		})
	}
	wg.Wait()
	waitFor(t, 60*time.Second, func() bool {
		var open int
		first.db.Get(&open, `SELECT count(*) FROM fetches WHERE status IN ('queued', 'running')`)
		return open == 0
	})
	var done int
	first.db.Get(&done, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
	if done != 210 {
		t.Fatalf("%d fetches succeeded, want 210", done)
	}
	var overlaps int
	first.db.Get(&overlaps, `SELECT count(*) FROM fetches f JOIN fetches g ON g.connection_id = f.connection_id AND g.id <> f.id
		WHERE g.started_at < f.finished_at AND f.started_at < g.finished_at`)
	if overlaps > 0 {
		t.Fatalf("%d pairs of fetches of one connection overlapped", overlaps/2)
	}
}

// TestFetchSurvivesAKilledServer kills a server process in the middle of a
// fetch; another process finishes it, once.
func TestFetchSurvivesAKilledServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	t.Parallel()
	binary := filepath.Join(t.TempDir(), "openbank")
	build := exec.Command("go", "build", "-o", binary, "openbank/cmd/openbank")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dbURL := storetest.NewURL(t)
	db := storetest.OpenDB(t, dbURL, 2)
	first, base := runServer(t, binary, dbURL, "")
	in := &instance{base: base, db: db, st: store.New(db)}
	a, _ := newAggClient(t, in, oauth.ClientSpec{})
	_, conn := a.call("POST", "/connections", map[string]any{"subjectId": 1, "provider": banks.EmbeddedScenario,
		"credentials": map[string]string{"username": "slow", "password": banks.TestPassword}})
	waitFor(t, 30*time.Second, func() bool {
		var running int
		db.Get(&running, `SELECT count(*) FROM fetches WHERE status = 'running'`)
		return running == 1
	})
	first.Process.Kill() // no shutdown, no release of the job
	first.Wait()
	_, base = runServer(t, binary, dbURL, base) // the same issuer, as behind a load balancer
	a.in = &instance{base: base, db: db}
	got := a.settled(conn["id"])
	var fetches, attempts, dupes int
	db.Get(&fetches, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
	db.Get(&attempts, `SELECT attempts FROM jobs WHERE kind = 'fetch'`)
	db.Get(&dupes, `SELECT count(*) - count(DISTINCT (account_id, provider_transaction_id)) FROM transactions`)
	if got["lastSuccessfulFetchAt"] == nil || fetches != 1 || attempts != 2 || dupes != 0 {
		t.Fatalf("after the kill: fetches %d, job attempts %d, duplicates %d, connection %v", fetches, attempts, dupes, got)
	}
}

// runServer starts the binary on dbURL with short leases and a slow "slow"
// user; publicURL defaults to its own address.
func runServer(t *testing.T, binary, dbURL, publicURL string) (*exec.Cmd, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	if publicURL == "" {
		publicURL = "http://" + addr
	}
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "SECRETS_KEY="+testSecretsKey, "ADDR="+addr, "PUBLIC_URL="+publicURL, "LOG_LEVEL=warn",
		"FETCH_LATENCY=0s", "MOCK_SLOW_FETCH=3s", "JOB_LEASE=2s", "METRICS_ADDR=off", "SHUTDOWN_DRAIN=0s")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	base := "http://" + addr
	waitFor(t, 30*time.Second, func() bool {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	return cmd, base
}

func waitFor(t *testing.T, d time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in time")
}
