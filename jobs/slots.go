package jobs

import (
	"context"
	"sync/atomic"
)

// slots are the pool's work slots: a job holds one while it works on the
// database or the CPU, and gives it up while it waits (Yield).
type slots struct {
	work    chan struct{}
	waiting atomic.Int64 // jobs waiting for a slot, counted from their claim
	taken   func()       // called whenever a waiting job got its slot or gave up
}

func newSlots(n int, taken func()) *slots {
	return &slots{work: make(chan struct{}, n), taken: taken}
}

// backlog is how many jobs wait for a work slot.
func (s *slots) backlog() int { return int(s.waiting.Load()) }

// expect counts a job that is about to ask for a slot.
func (s *slots) expect() { s.waiting.Add(1) }

// take waits for a slot for a job counted by expect.
func (s *slots) take(ctx context.Context) error {
	defer s.taken()
	defer s.waiting.Add(-1)
	select {
	case s.work <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// give hands a slot back.
func (s *slots) give() { <-s.work }

// jobSlot is one running job's hold on a work slot; only the job's own
// goroutine uses it.
type jobSlot struct {
	slots *slots
	held  bool
}

// slotKey is the context key of a running job's *jobSlot.
type slotKey struct{}

// take waits for the job's slot; the job was counted by expect.
func (j *jobSlot) take(ctx context.Context) error {
	if err := j.slots.take(ctx); err != nil {
		return err
	}
	j.held = true
	return nil
}

// give hands the job's slot back, if it holds one.
func (j *jobSlot) give() {
	if j.held {
		j.held = false
		j.slots.give()
	}
}

// Yield runs wait without the job's work slot and takes the slot back
// before it returns, so that a job waiting on a bank holds no slot while
// others work. Only the job's own goroutine may call it; outside a pool's
// job it just runs wait. The slot is taken back even when wait fails;
// Yield returns wait's error, else ctx's if the slot could not be had.
func Yield(ctx context.Context, wait func() error) error {
	j, ok := ctx.Value(slotKey{}).(*jobSlot)
	if !ok || !j.held {
		return wait()
	}
	j.give()
	err := wait()
	j.slots.expect()
	if e := j.take(ctx); err == nil {
		err = e
	}
	return err
}

// Work runs fn holding a work slot: a job of a Waiting kind takes one for
// fn and gives it back after; a job that holds one already, or code
// outside a pool's job, just runs fn. Only the job's own goroutine may
// call it.
func Work(ctx context.Context, fn func() error) error {
	j, ok := ctx.Value(slotKey{}).(*jobSlot)
	if !ok || j.held {
		return fn()
	}
	j.slots.waiting.Add(1)
	if err := j.take(ctx); err != nil {
		return err
	}
	defer j.give()
	return fn()
}
