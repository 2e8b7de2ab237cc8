package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"openbank/banks"
	"openbank/oauth"
	"openbank/store"
	"openbank/store/storetest"
)

// TestKilledInstanceFetchTakenOver runs two instances of the binary, kills
// (SIGKILL) the one running a fetch in its middle, and lets the other,
// already running, take the job over when its lease lapses: the fetch
// succeeds once, no row is stored twice, and a clean fetch of the same
// connection afterwards finds nothing that the takeover missed.
func TestKilledInstanceFetchTakenOver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	t.Parallel()
	binary := buildBinary(t)
	dbURL := storetest.NewURL(t)
	env := []string{"JOB_LEASE=2s", "MOCK_SLOW_FETCH=3s"}
	const issuer = "http://openbank.test" // the balancer's address, the same for both
	first := startBinary(t, binary, dbURL, issuer, env...)
	second := startBinary(t, binary, dbURL, issuer, env...)
	for _, p := range []*process{first, second} {
		waitFor(t, 30*time.Second, func() bool {
			a, err := send(http.DefaultClient, mustRequest(t, p.base+"/readyz"))
			return err == nil && a.code == http.StatusOK
		})
	}
	db := storetest.OpenDB(t, dbURL, 2)
	a, _ := newAggClient(t, &instance{base: first.base, db: db, st: store.New(db)}, oauth.ClientSpec{})
	slow := map[string]string{"username": "slow", "password": banks.TestPassword}
	_, conn := a.call("POST", "/connections", map[string]any{"subjectId": 1, "provider": banks.EmbeddedScenario,
		"access": "recurring", "credentials": slow})
	var holder string
	waitFor(t, 30*time.Second, func() bool {
		db.Get(&holder, `SELECT coalesce(max(locked_by), '') FROM jobs WHERE kind = 'fetch' AND state = 'running'`)
		return holder != ""
	})
	victim, survivor := first, second
	if holds(second, holder) {
		victim, survivor = second, first
	} else if !holds(first, holder) {
		t.Fatalf("the job is held by %q, neither instance", holder)
	}
	victim.cmd.Process.Kill()
	victim.cmd.Wait()
	a.in.base = survivor.base
	got := a.settled(conn["id"])

	var fetches, attempts, dupes, rows, again int
	db.Get(&fetches, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
	db.Get(&attempts, `SELECT attempts FROM jobs WHERE kind = 'fetch'`)
	db.Get(&dupes, `SELECT count(*) - count(DISTINCT (account_id, provider_transaction_id)) FROM transactions`)
	db.Get(&rows, `SELECT count(*) FROM transactions`)
	if got["lastSuccessfulFetchAt"] == nil || fetches != 1 || attempts != 2 || dupes != 0 || rows == 0 {
		t.Fatalf("after the kill: fetches %d, job attempts %d, duplicates %d, rows %d, connection %v", fetches, attempts, dupes, rows, got)
	}
	// Nothing lost: a clean fetch of the same connection finds nothing new.
	if code, body := a.call("POST", fmt.Sprintf("/connections/%.0f/refetch", conn["id"]), nil); code != http.StatusAccepted {
		t.Fatalf("refetch: %d %v", code, body)
	}
	waitFor(t, 30*time.Second, func() bool {
		db.Get(&fetches, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
		return fetches == 2
	})
	db.Get(&again, `SELECT count(*) FROM transactions`)
	db.Get(&dupes, `SELECT count(*) - count(DISTINCT (account_id, provider_transaction_id)) FROM transactions`)
	if again != rows || dupes != 0 {
		t.Fatalf("a clean fetch after the takeover: %d rows (the takeover stored %d), %d duplicates", again, rows, dupes)
	}
}

// holds tells whether the job lease owner names p (host-pid-random).
func holds(p *process, owner string) bool {
	return strings.Contains(owner, fmt.Sprintf("-%d-", p.cmd.Process.Pid))
}
