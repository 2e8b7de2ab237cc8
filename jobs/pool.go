package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/lib/pq"

	"openbank/store"
)

// Handler runs one job. Returning nil finishes it; an error retries it
// with back-off, unless it is Permanent; a RetryAfter error sets the delay.
type Handler func(ctx context.Context, job *store.Job) error

// Options size and pace a pool.
type Options struct {
	Workers      int           // concurrent jobs; default 4
	Lease        time.Duration // how long a claim holds without renewal; default 30s
	PollInterval time.Duration // how often to look when no notification arrives; default 1s
	ListenDSN    string        // connection string for LISTEN; empty polls only
}

// Pool claims and runs jobs until its context ends.
type Pool struct {
	queue    *store.Store
	handlers map[string]Handler
	opts     Options
	name     string
	wake     chan struct{}
}

// NewPool builds a pool over the job queue of st running the given
// handlers by kind.
func NewPool(queue *store.Store, handlers map[string]Handler, opts Options) *Pool {
	if opts.Workers <= 0 {
		opts.Workers = 4
	}
	if opts.Lease <= 0 {
		opts.Lease = 30 * time.Second
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = time.Second
	}
	host, err := os.Hostname()
	if err != nil {
		host = "openbank"
	}
	return &Pool{
		queue: queue, handlers: handlers, opts: opts,
		name: fmt.Sprintf("%s-%d-%08x", host, os.Getpid(), rand.Uint32()), //nolint:gosec // G404: tells workers apart in logs and leases; not a secret
		wake: make(chan struct{}, opts.Workers),
	}
}

// Run works until ctx ends, then waits for the jobs in hand: each is
// finished or handed back to the queue.
func (p *Pool) Run(ctx context.Context) {
	kinds := make([]string, 0, len(p.handlers))
	for k := range p.handlers {
		kinds = append(kinds, k)
	}
	stopListen := p.listen()
	defer stopListen()
	var wg sync.WaitGroup
	for range p.opts.Workers {
		wg.Go(func() { p.work(ctx, kinds) })
	}
	wg.Wait()
}

func (p *Pool) work(ctx context.Context, kinds []string) {
	ticker := time.NewTicker(p.opts.PollInterval)
	defer ticker.Stop()
	for ctx.Err() == nil {
		job, err := p.queue.ClaimJob(ctx, kinds, p.name, p.opts.Lease)
		if err != nil && ctx.Err() == nil {
			slog.Error("jobs: claim", "error", err)
		}
		if job != nil {
			p.run(ctx, job)
			continue
		}
		select {
		case <-ctx.Done():
		case <-p.wake:
		case <-ticker.C:
		}
	}
}

// run executes one job with its lease renewed in the background.
func (p *Pool) run(ctx context.Context, job *store.Job) {
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	go p.renew(jobCtx, job.ID, cancel)
	started := time.Now()
	err := p.call(jobCtx, job)
	bg := context.WithoutCancel(ctx)
	log := slog.With("job", job.ID, "kind", job.Kind, "key", job.Key, "attempt", job.Attempts)
	switch {
	case err == nil:
		if e := p.queue.FinishJob(bg, job.ID, p.name); e != nil {
			log.Error("jobs: finish", "error", e)
		}
		log.Debug("jobs: done", "duration_ms", time.Since(started).Milliseconds())
	case ctx.Err() != nil: // shutting down: someone else will run it
		if e := p.queue.ReleaseJob(bg, job.ID, p.name); e != nil {
			log.Error("jobs: release", "error", e)
		}
	default:
		delay, permanent := policy(err, job.Attempts)
		log.Warn("jobs: failed", "error", err, "retry_in", delay.String(), "permanent", permanent)
		if e := p.queue.RetryJob(bg, job.ID, p.name, time.Now().Add(delay), err.Error(), permanent); e != nil {
			log.Error("jobs: retry", "error", e)
		}
	}
}

// call runs the handler, turning a panic into an error; the panic is
// logged with its stack.
func (p *Pool) call(ctx context.Context, job *store.Job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			slog.ErrorContext(ctx, "jobs: panic", "job", job.ID, "kind", job.Kind, "panic", r, "stack", string(debug.Stack()))
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	h, ok := p.handlers[job.Kind]
	if !ok {
		return Permanent(fmt.Errorf("no handler for job kind %q", job.Kind))
	}
	return h(ctx, job)
}

// renew extends the lease at a third of its length; when the job is no
// longer ours it cancels the handler.
func (p *Pool) renew(ctx context.Context, id int64, cancel context.CancelFunc) {
	t := time.NewTicker(p.opts.Lease / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			ok, err := p.queue.ExtendJob(ctx, id, p.name, p.opts.Lease)
			if err == nil && !ok {
				cancel()
				return
			}
		}
	}
}

// listen turns NOTIFY into wake-ups. Notifications may be lost on
// reconnect; the poll interval covers that.
func (p *Pool) listen() func() {
	if p.opts.ListenDSN == "" {
		return func() {}
	}
	l := pq.NewListener(p.opts.ListenDSN, time.Second, time.Minute, nil)
	if err := l.Listen(store.JobsChannel); err != nil {
		slog.Warn("jobs: listen failed; polling only", "error", err)
		_ = l.Close()
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-l.Notify:
				select {
				case p.wake <- struct{}{}:
				default:
				}
			}
		}
	}()
	return func() { close(done); _ = l.Close() }
}
