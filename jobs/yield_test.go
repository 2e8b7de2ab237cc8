package jobs_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"openbank/jobs"
	"openbank/store"
	"openbank/store/storetest"
)

// TestWaitHoldsNoWorkSlot runs 50 jobs that each wait 500 ms on a pool of
// 2 work slots, between two bits of work: the waits overlap, so all end in
// about one wait, while no more than 2 jobs ever work at once. The jobs
// either hold their slot and give it up in Yield, or are of a Waiting kind
// and take one in Work.
func TestWaitHoldsNoWorkSlot(t *testing.T) {
	t.Parallel()
	for _, waitingKind := range []bool{false, true} {
		t.Run(fmt.Sprint("waiting kind ", waitingKind), func(t *testing.T) {
			t.Parallel()
			waitsInParallel(t, waitingKind)
		})
	}
}

func waitsInParallel(t *testing.T, waitingKind bool) {
	db := storetest.NewDB(t)
	q := store.New(db)
	const n, wait = 50, 500 * time.Millisecond
	for i := range n {
		enqueue(t, q, "fetch", fmt.Sprint("conn-", i), i)
	}
	var working, most, done atomic.Int64
	work := func() error {
		now := working.Add(1)
		for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
		}
		time.Sleep(time.Millisecond)
		working.Add(-1)
		return nil
	}
	handler := func(ctx context.Context, _ *store.Job) error {
		if err := jobs.Work(ctx, work); err != nil {
			return err
		}
		err := jobs.Yield(ctx, func() error { time.Sleep(wait); return nil })
		if err == nil {
			err = jobs.Work(ctx, work)
		}
		done.Add(1)
		return err
	}
	opts := jobs.Options{Workers: 2, PollInterval: 20 * time.Millisecond}
	if waitingKind {
		opts.Waiting = []string{"fetch"}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	go jobs.NewPool(q, map[string]jobs.Handler{"fetch": handler}, opts).Run(ctx)
	waitFor(t, 20*time.Second, func() bool { return done.Load() == n })
	if took := time.Since(start); took > 4*wait {
		t.Errorf("%d jobs waiting %s each took %s: the waits held the work slots", n, wait, took)
	}
	if most.Load() > 2 {
		t.Errorf("%d jobs worked at once on 2 work slots", most.Load())
	}
	waitFor(t, 5*time.Second, func() bool {
		var finished int
		db.Get(&finished, `SELECT count(*) FROM jobs WHERE state = 'done'`)
		return finished == n
	})
}

// TestLostLeaseStopsTheJob lets another worker take a running job over,
// with a lease of its own (else, on a loaded machine, the lapsed job is
// this pool's to claim again): the next batch renewal misses it and
// cancels its handler.
func TestLostLeaseStopsTheJob(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	q := store.New(db)
	id := enqueue(t, q, "fetch", "lost", nil)
	stopped := make(chan struct{})
	handler := func(ctx context.Context, _ *store.Job) error {
		<-ctx.Done()
		close(stopped)
		return ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go jobs.NewPool(q, map[string]jobs.Handler{"fetch": handler}, jobs.Options{Lease: 300 * time.Millisecond, PollInterval: 20 * time.Millisecond}).Run(ctx)
	waitFor(t, 5*time.Second, func() bool { j, _ := q.Job(ctx, id); return j.State == "running" })
	db.MustExec(`UPDATE jobs SET locked_by = 'other', locked_until = now() + interval '1 hour' WHERE id = $1`, id)
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("the job kept running after its lease was taken over")
	}
}
