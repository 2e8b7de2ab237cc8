package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"openbank/store"
)

// Handler runs one job. Returning nil finishes it; an error retries it
// with back-off, unless it is Permanent; a RetryAfter error sets the delay;
// Snooze runs it again later without counting a failure.
type Handler func(ctx context.Context, job *store.Job) error

// Options size and pace a pool.
type Options struct {
	// Workers is how many jobs do database or CPU work at once (the work
	// slots); default 4. A job holds a slot while it runs, except inside
	// Yield, unless its kind is one of Waiting.
	Workers int
	// Waiting names the kinds whose jobs spend most of their time waiting
	// on something outside (a bank): they start without a work slot and
	// take one only for their heavy part (Work).
	Waiting []string
	// InFlight is how many jobs the pool holds at once, most of them
	// waiting in Yield (on a bank); default 256, never below Workers.
	InFlight     int
	ClaimBatch   int           // jobs claimed by one statement; default 32
	Lease        time.Duration // how long a claim holds without renewal; default 30s
	PollInterval time.Duration // how often to look when no notification arrives; default 1s
	ListenDSN    string        // connection string for LISTEN; empty polls only
}

// withDefaults fills in the zero options.
func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = 4
	}
	if o.InFlight <= 0 {
		o.InFlight = 256
	}
	o.InFlight = max(o.InFlight, o.Workers)
	if o.ClaimBatch <= 0 {
		o.ClaimBatch = 32
	}
	if o.Lease <= 0 {
		o.Lease = 30 * time.Second
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	return o
}

// Pool claims and runs jobs until its context ends.
type Pool struct {
	queue    *store.Store
	handlers map[string]Handler
	opts     Options
	name     string
	wake     chan struct{} // a job was queued (NOTIFY)
	freed    chan struct{} // a job ended or took its work slot: there may be room to claim
	inFlight chan struct{} // one token per job in hand
	waiting  map[string]bool
	slots    *slots
	leases   *leases
}

// NewPool builds a pool over the job queue of st running the given
// handlers by kind.
func NewPool(queue *store.Store, handlers map[string]Handler, opts Options) *Pool {
	opts = opts.withDefaults()
	host, err := os.Hostname()
	if err != nil {
		host = "openbank"
	}
	p := &Pool{
		queue: queue, handlers: handlers, opts: opts,
		name:     fmt.Sprintf("%s-%d-%08x", host, os.Getpid(), rand.Uint32()), //nolint:gosec // G404: tells workers apart in logs and leases; not a secret
		wake:     make(chan struct{}, 1),
		freed:    make(chan struct{}, 1),
		inFlight: make(chan struct{}, opts.InFlight),
		waiting:  map[string]bool{},
	}
	for _, kind := range opts.Waiting {
		p.waiting[kind] = true
	}
	p.slots = newSlots(opts.Workers, p.signalFreed)
	p.leases = newLeases(queue, p.name, opts.Lease)
	return p
}

// Run works until ctx ends, then waits for the jobs in hand: each is
// finished or handed back to the queue.
func (p *Pool) Run(ctx context.Context) {
	var all, waiting []string
	for k := range p.handlers {
		all = append(all, k)
		if p.waiting[k] {
			waiting = append(waiting, k)
		}
	}
	stopListen := p.listen()
	defer stopListen()
	stopLeases := p.leases.start(context.WithoutCancel(ctx))
	var jobs sync.WaitGroup
	p.claim(ctx, all, waiting, &jobs)
	jobs.Wait()
	stopLeases()
}

// claim takes jobs in batches while there is room and runs each in its
// own goroutine, until ctx ends.
func (p *Pool) claim(ctx context.Context, all, waiting []string, jobs *sync.WaitGroup) {
	ticker := time.NewTicker(p.opts.PollInterval)
	defer ticker.Stop()
	for ctx.Err() == nil {
		if n, kinds := p.room(all, waiting); n > 0 && len(kinds) > 0 {
			list, err := p.queue.ClaimJobs(ctx, kinds, p.name, p.opts.Lease, n)
			if errors.Is(err, store.ErrConflict) {
				continue // another instance won a key: claim again without it
			}
			if err != nil && ctx.Err() == nil {
				slog.Error("jobs: claim", "error", err)
			}
			for i := range list {
				p.inFlight <- struct{}{}
				if !p.waiting[list[i].Kind] {
					p.slots.expect()
				}
				jobs.Go(func() {
					defer p.signalFreed()
					defer func() { <-p.inFlight }()
					p.run(ctx, &list[i])
				})
			}
			if len(list) == n {
				continue // there may be more ready
			}
		}
		select {
		case <-ctx.Done():
		case <-p.wake:
		case <-p.freed:
		case <-ticker.C:
		}
	}
}

// room is how many jobs to claim now, and of which kinds: only waiting
// kinds while claimed jobs already wait for a work slot to start, so that
// an instance never hoards work another could do.
func (p *Pool) room(all, waiting []string) (int, []string) {
	n := min(p.opts.InFlight-len(p.inFlight), p.opts.ClaimBatch)
	if p.slots.backlog() >= p.opts.Workers {
		return n, waiting
	}
	return n, all
}

// signalFreed wakes the claim loop without blocking.
func (p *Pool) signalFreed() {
	select {
	case p.freed <- struct{}{}:
	default:
	}
}
