package aggregation_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/jobs"
	"openbank/store"
)

// TestTooManyRequestsIsRetriedAndCounted connects the "throttled" user,
// whose bank refuses the first call: the fetch asks again, succeeds, counts
// the refusal and sends no failure callback.
func TestTooManyRequestsIsRetriedAndCounted(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{Callbacks: true, FailureURL: "http://receiver.test/fail"})
	f.svc.Banks = banks.NewRegistry(banks.MockBanks(banks.Options{Now: f.clock.Now, ThrottleRetryAfter: 10 * time.Millisecond})...)
	f.svc.Fetching.ThrottleBackoff, f.svc.Banking = time.Millisecond, aggregation.NewBankGate(0)
	res := f.connect(t, banks.EmbeddedScenario, "throttled")
	f.drain(t, store.FetchJob)
	ctx := context.Background()
	fetches, err := f.db.Fetches(ctx, "client-a", res.Connection.ID, 10)
	if err != nil || len(fetches) != 1 || fetches[0].Status != "succeeded" || fetches[0].TransactionsAdded == 0 {
		t.Fatalf("fetches: %+v %v", fetches, err)
	}
	figures := f.svc.Banking.Figures()
	if len(figures) != 1 || figures[0].Bank != banks.EmbeddedScenario || figures[0].Throttled != 1 {
		t.Fatalf("bank figures %+v, want one refusal of %s counted", figures, banks.EmbeddedScenario)
	}
	var failures int
	f.raw.Get(&failures, `SELECT count(*) FROM callbacks WHERE event = $1`, aggregation.EventFetchFailed)
	if failures != 0 {
		t.Fatalf("%d failure callbacks for a fetch that succeeded", failures)
	}
}

// TestLongThrottleEndsTheAttempt: a bank's "too many requests" with a
// Retry-After longer than the fetch's own retries would wait ends the
// attempt at once; the job is retried later and the fetch does not fail.
func TestLongThrottleEndsTheAttempt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	f.svc.Banks = banks.NewRegistry(banks.MockBanks(banks.Options{Now: f.clock.Now, ThrottleRetryAfter: time.Hour})...)
	f.svc.Banking = aggregation.NewBankGate(0)
	res := f.connect(t, banks.EmbeddedScenario, "throttled")
	ctx := context.Background()
	j, err := f.queue.ClaimJob(ctx, []string{store.FetchJob}, "test", time.Minute)
	if err != nil || j == nil {
		t.Fatalf("no fetch job: %v", err)
	}
	began := time.Now()
	err = f.svc.Handlers()[store.FetchJob](ctx, j)
	if _, throttled := banks.Throttled(err); !throttled || time.Since(began) > 10*time.Second {
		t.Fatalf("the attempt ended after %v with %v, want at once with the bank's throttle", time.Since(began), err)
	}
	fetches, err := f.db.Fetches(ctx, "client-a", res.Connection.ID, 10)
	if err != nil || len(fetches) != 1 || fetches[0].Status == "failed" {
		t.Fatalf("fetches: %+v %v", fetches, err)
	}
	if figures := f.svc.Banking.Figures(); len(figures) != 1 || figures[0].Throttled != 1 {
		t.Fatalf("bank figures %+v, want the refusal counted", figures)
	}
}

// TestBankConcurrencyIsHonoured fetches 6 connections of one bank through
// a pool with room for all, the bank limited to 2 fetches at once.
func TestBankConcurrencyIsHonoured(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	f.svc.Latency, f.svc.Banking = 150*time.Millisecond, aggregation.NewBankGate(2)
	const n = 6
	for range n {
		f.connect(t, banks.EmbeddedScenario, "user")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := jobs.NewPool(f.queue, map[string]jobs.Handler{store.FetchJob: f.svc.RunFetch},
		jobs.Options{Workers: 2, InFlight: 50, Waiting: []string{store.FetchJob}, PollInterval: 20 * time.Millisecond})
	go pool.Run(ctx)
	var most atomic.Int64
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, b := range f.svc.Banking.Figures() {
			most.Store(max(most.Load(), int64(b.InFlight)))
		}
		var done int
		f.raw.Get(&done, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
		if done == n {
			break
		}
	}
	var done int
	f.raw.Get(&done, `SELECT count(*) FROM fetches WHERE status = 'succeeded'`)
	if done != n || most.Load() != 2 {
		t.Fatalf("%d of %d fetches succeeded, at most %d at once on the bank; want all, 2 at once", done, n, most.Load())
	}
}

// TestDailyRefreshSpreadsOverTheWindow queues the daily fetches of three
// connections over a six-hour window: each job runs at its own time in it.
func TestDailyRefreshSpreadsOverTheWindow(t *testing.T) {
	t.Parallel()
	f := newFixture(t, aggregation.ClientSettings{})
	f.svc.Fetching.RefreshWindow = 6 * time.Hour
	for range 3 {
		f.connect(t, banks.EmbeddedScenario, "user")
	}
	f.drain(t, store.FetchJob)
	f.clock.Advance(24 * time.Hour)
	if err := f.svc.RunDailyRefresh(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var runAt []time.Time
	f.raw.Select(&runAt, `SELECT j.run_at FROM jobs j JOIN fetches f ON f.id = (j.payload->>'fetchId')::bigint
		WHERE j.kind = 'fetch' AND f.trigger = 'daily' ORDER BY j.run_at`)
	from := f.clock.Now()
	if len(runAt) != 3 {
		t.Fatalf("%d daily fetches queued, want 3", len(runAt))
	}
	for i, at := range runAt {
		slotStart := from.Add(time.Duration(i) * 2 * time.Hour)
		if at.Before(slotStart) || !at.Before(slotStart.Add(2*time.Hour)) {
			t.Errorf("fetch %d runs at %s, outside its slot from %s", i, at, slotStart)
		}
	}
}
