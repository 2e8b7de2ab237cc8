package ratelimit

import (
	"context"
	"log/slog"
	"time"
)

// syncSoon starts a sync in the background when the last one is older than
// the sync interval and none is running: instances that serve API requests
// keep announcing themselves, and an idle one drops out of the count. The
// sync runs until Close at the latest.
func (l *Limiter) syncSoon() {
	if time.Since(time.Unix(0, l.synced.Load())) < l.opts.Sync || !l.syncing.CompareAndSwap(false, true) {
		return
	}
	l.synced.Store(time.Now().UnixNano())
	l.syncMu.Lock()
	defer l.syncMu.Unlock()
	if l.life.Err() != nil { // closed
		l.syncing.Store(false)
		return
	}
	l.syncs.Go(func() {
		defer l.syncing.Store(false)
		if err := l.Sync(l.life); err != nil && l.life.Err() == nil {
			slog.Warn("rate limit: sync failed; the previous shares apply", "error", err)
		}
	})
}

// Sync announces this instance, counts the instances alive and re-reads
// the clients' own limits. An instance not seen for three sync intervals
// counts no more.
func (l *Limiter) Sync(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, l.opts.Sync)
	defer cancel()
	n, err := l.store.RateLimitHeartbeat(ctx, l.instance, 3*l.opts.Sync)
	if err != nil {
		return err
	}
	own, err := l.store.ClientRateLimits(ctx)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.instances = max(1, n)
	for id, c := range l.clients {
		select {
		case <-c.loaded:
			c.own = own[id]
		default: // its first request is reading it now
		}
	}
	return nil
}

// Instances is how many instances share each limit, as last counted.
func (l *Limiter) Instances() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.instances
}
