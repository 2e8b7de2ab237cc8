package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"openbank/store"
)

// run executes one claimed job in a work slot, its lease renewed with the
// others', and records how it ended.
func (p *Pool) run(ctx context.Context, job *store.Job) {
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.leases.hold(job.ID, cancel)
	slot := &jobSlot{slots: p.slots}
	started := time.Now()
	var err error
	if !p.waiting[job.Kind] {
		err = slot.take(jobCtx)
	}
	if err == nil {
		err = p.call(context.WithValue(jobCtx, slotKey{}, slot), job)
		slot.give()
	}
	p.leases.drop(job.ID)
	p.record(ctx, job, err, time.Since(started))
}

// record finishes, snoozes, retries or hands back a job by how its
// handler ended.
func (p *Pool) record(ctx context.Context, job *store.Job, err error, took time.Duration) {
	bg := context.WithoutCancel(ctx)
	log := slog.With("job", job.ID, "kind", job.Kind, "key", job.Key, "attempt", job.Attempts)
	wait, snooze := snoozed(err)
	switch {
	case err == nil:
		p.leases.finish(job.ID)
		log.Debug("jobs: done", "duration_ms", took.Milliseconds())
	case snooze:
		log.Debug("jobs: snoozed", "run_in", wait.String())
		if e := p.queue.SnoozeJob(bg, job.ID, p.name, time.Now().Add(wait)); e != nil {
			log.Error("jobs: snooze", "error", e)
		}
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
