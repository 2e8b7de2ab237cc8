package jobs

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"openbank/store"
)

// leases keeps the leases of a pool's jobs in hand: one statement renews
// them all, and one statement finishes the jobs that ended meanwhile.
type leases struct {
	queue  *store.Store
	worker string
	lease  time.Duration

	mu   sync.Mutex
	held map[int64]context.CancelFunc // running jobs, with what stops them
	done []int64                      // finished jobs not yet written
	kick chan struct{}
}

func newLeases(queue *store.Store, worker string, lease time.Duration) *leases {
	return &leases{queue: queue, worker: worker, lease: lease, held: map[int64]context.CancelFunc{}, kick: make(chan struct{}, 1)}
}

// hold renews job id's lease until drop; cancel stops the job should the
// lease be lost.
func (l *leases) hold(id int64, cancel context.CancelFunc) {
	l.mu.Lock()
	l.held[id] = cancel
	l.mu.Unlock()
}

// drop stops renewing job id's lease.
func (l *leases) drop(id int64) {
	l.mu.Lock()
	delete(l.held, id)
	l.mu.Unlock()
}

// finish marks job id done with the next batch.
func (l *leases) finish(id int64) {
	l.mu.Lock()
	l.done = append(l.done, id)
	l.mu.Unlock()
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// start renews and finishes in the background; the returned stop writes
// the last finished jobs and returns when both have ended.
func (l *leases) start(ctx context.Context) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { l.renewEvery(ctx, quit) })
	wg.Go(func() { l.finishEach(ctx, quit) })
	return func() { close(quit); wg.Wait() }
}

// renewEvery extends every held lease at a third of its length and stops
// the jobs whose lease another worker took over.
func (l *leases) renewEvery(ctx context.Context, quit <-chan struct{}) {
	t := time.NewTicker(l.lease / 3)
	defer t.Stop()
	for {
		select {
		case <-quit:
			return
		case <-t.C:
			l.renew(ctx)
		}
	}
}

func (l *leases) renew(ctx context.Context) {
	l.mu.Lock()
	held := make(map[int64]context.CancelFunc, len(l.held))
	for id, cancel := range l.held {
		held[id] = cancel
	}
	l.mu.Unlock()
	if len(held) == 0 {
		return
	}
	ids := make([]int64, 0, len(held))
	for id := range held {
		ids = append(ids, id)
	}
	kept, err := l.queue.ExtendJobs(ctx, ids, l.worker, l.lease)
	if err != nil {
		slog.Error("jobs: renew leases", "jobs", len(ids), "error", err)
		return
	}
	for _, id := range kept {
		delete(held, id)
	}
	for _, cancel := range held { // taken over by another worker
		cancel()
	}
}

// finishEach writes the finished jobs as they come, in batches; on quit it
// writes the last ones.
func (l *leases) finishEach(ctx context.Context, quit <-chan struct{}) {
	for {
		select {
		case <-quit:
			l.flush(ctx)
			return
		case <-l.kick:
			l.flush(ctx)
		}
	}
}

func (l *leases) flush(ctx context.Context) {
	l.mu.Lock()
	ids := l.done
	l.done = nil
	l.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	if err := l.queue.FinishJobs(ctx, ids, l.worker); err != nil {
		slog.Error("jobs: finish", "jobs", len(ids), "error", err)
	}
}
