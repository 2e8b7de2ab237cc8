package jobs_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
)

// TestSnoozedJobRunsAgainLaterWithoutAFailure snoozes a job twice: it runs
// three times, never before its delay, and ends done on its first attempt,
// with no error recorded.
func TestSnoozedJobRunsAgainLaterWithoutAFailure(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	q := store.New(db)
	id := enqueue(t, q, "approval", "k", nil)
	const delay = 300 * time.Millisecond
	var mu sync.Mutex
	var runs []time.Time
	handler := func(context.Context, *store.Job) error {
		mu.Lock()
		defer mu.Unlock()
		runs = append(runs, time.Now())
		if len(runs) < 3 {
			return jobs.Snooze(delay)
		}
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go jobs.NewPool(q, map[string]jobs.Handler{"approval": handler}, jobs.Options{Workers: 1, PollInterval: 10 * time.Millisecond}).Run(ctx)
	waitFor(t, 10*time.Second, func() bool {
		j, _ := q.Job(ctx, id)
		return j.State == "done"
	})
	j, _ := q.Job(ctx, id)
	mu.Lock()
	defer mu.Unlock()
	if len(runs) != 3 || j.Attempts != 1 || j.LastError.Valid {
		t.Fatalf("ran %d times; job %+v", len(runs), j)
	}
	for i := 1; i < len(runs); i++ {
		if gap := runs[i].Sub(runs[i-1]); gap < delay-20*time.Millisecond { // the database's clock against ours
			t.Errorf("run %d came %s after the snooze, before its delay %s", i+1, gap, delay)
		}
	}
}
