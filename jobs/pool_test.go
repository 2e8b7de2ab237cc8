package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

func enqueue(t *testing.T, q *store.Store, kind, key string, payload any) int64 {
	t.Helper()
	id, err := q.Enqueue(context.Background(), store.NewJob{Kind: kind, Key: key, Payload: payload, MaxAttempts: jobs.DefaultMaxAttempts})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestTwoPoolsRunEveryJobOnceAndOneAtATimePerKey runs two pools (as two
// instances would) over 200 jobs on 10 keys.
func TestTwoPoolsRunEveryJobOnceAndOneAtATimePerKey(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	q := store.New(db)
	const n, keys = 200, 10
	for i := range n {
		enqueue(t, q, "fetch", fmt.Sprint("conn-", i%keys), i)
	}
	var mu sync.Mutex
	running := map[string]bool{}
	var done atomic.Int64
	var overlap atomic.Bool
	handler := func(ctx context.Context, j *store.Job) error {
		mu.Lock()
		if running[j.Key] {
			overlap.Store(true)
		}
		running[j.Key] = true
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		running[j.Key] = false
		mu.Unlock()
		done.Add(1)
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 2 {
		p := jobs.NewPool(q, map[string]jobs.Handler{"fetch": handler}, jobs.Options{Workers: 4, PollInterval: 20 * time.Millisecond})
		wg.Go(func() { p.Run(ctx) })
	}
	waitFor(t, 60*time.Second, func() bool { return done.Load() == n })
	cancel()
	wg.Wait()
	if overlap.Load() {
		t.Fatal("two jobs of one key ran at once")
	}
	var finished int
	db.Get(&finished, `SELECT count(*) FROM jobs WHERE state = 'done' AND attempts = 1`)
	if finished != n || done.Load() != n {
		t.Fatalf("ran %d, %d done once; want %d", done.Load(), finished, n)
	}
}

func TestFailedJobIsRetriedThenFailsPermanently(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	q := store.New(db)
	retried := enqueue(t, q, "flaky", "a", nil)
	doomed := enqueue(t, q, "doomed", "b", nil)
	var calls atomic.Int64
	handlers := map[string]jobs.Handler{
		"flaky":  func(context.Context, *store.Job) error { calls.Add(1); return errors.New("temporary") },
		"doomed": func(context.Context, *store.Job) error { return jobs.Permanent(errors.New("never")) },
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go jobs.NewPool(q, handlers, jobs.Options{Workers: 2, PollInterval: 10 * time.Millisecond}).Run(ctx)
	waitFor(t, 10*time.Second, func() bool {
		j, _ := q.Job(ctx, doomed)
		f, _ := q.Job(ctx, retried)
		return j.State == "failed" && f.State == "queued" && f.Attempts == 1
	})
	f, _ := q.Job(ctx, retried)
	if !f.LastError.Valid || f.LastError.String != "temporary" || time.Until(f.RunAt) < 500*time.Millisecond {
		t.Fatalf("retry not scheduled with back-off: %+v", f)
	}
}

// TestLapsedLeaseIsRescued claims a job as a worker that dies; another
// worker takes it over once the lease lapses.
func TestLapsedLeaseIsRescued(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	q := store.New(db)
	id := enqueue(t, q, "fetch", "c", nil)
	ctx := context.Background()
	j, err := q.ClaimJob(ctx, []string{"fetch"}, "dead-worker", 200*time.Millisecond)
	if err != nil || j == nil || j.ID != id {
		t.Fatalf("claim: %v %v", j, err)
	}
	if again, _ := q.ClaimJob(ctx, []string{"fetch"}, "other", time.Second); again != nil {
		t.Fatal("a leased job was claimed twice")
	}
	time.Sleep(300 * time.Millisecond)
	again, err := q.ClaimJob(ctx, []string{"fetch"}, "other", time.Second)
	if err != nil || again == nil || again.ID != id || again.Attempts != 2 {
		t.Fatalf("rescue: %+v %v", again, err)
	}
	if err := q.FinishJob(ctx, id, "dead-worker"); err != nil {
		t.Fatal(err)
	}
	if got, _ := q.Job(ctx, id); got.State != "running" {
		t.Fatalf("the dead worker finished a job it lost: %s", got.State)
	}
}

func waitFor(t *testing.T, d time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in time")
}
