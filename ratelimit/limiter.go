package ratelimit

import (
	"context"
	"crypto/rand"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Store is what the limiter keeps in PostgreSQL: the clients' own limits
// and the instances alive (*store.Store has these methods).
type Store interface {
	ClientRateLimit(ctx context.Context, clientID string) (int, error)
	ClientRateLimits(ctx context.Context) (map[string]int, error)
	RateLimitHeartbeat(ctx context.Context, instance string, stale time.Duration) (int, error)
}

// Options are the limiter's defaults.
type Options struct {
	Requests int              // requests per window of a client without a limit of its own; 0: unlimited
	Window   time.Duration    // the window of every limit
	Now      func() time.Time // the clock of the buckets; time.Now when nil
	Sync     time.Duration    // how often the instances and the clients' limits are re-read; 5s when 0
}

// Limiter holds a token bucket per client in this instance's memory.
type Limiter struct {
	opts      Options
	store     Store
	instance  string
	mu        sync.Mutex
	clients   map[string]*client
	instances int          // alive, this one included; guarded by mu
	synced    atomic.Int64 // when the last sync started, in Unix nanoseconds
	syncing   atomic.Bool
	// life bounds the background syncs: Close ends it and waits for the
	// one running, so no sync outlives the server.
	life   context.Context
	end    context.CancelFunc
	syncMu sync.Mutex // orders starting a sync against Close
	syncs  sync.WaitGroup
}

// client is the state of one client in this instance.
type client struct {
	loaded chan struct{} // closed once own is read from the store
	own    int           // the client's own limit; 0: the default
	bucket *bucket       // nil until its first request
}

// New is a limiter over st with the defaults in opts.
func New(st Store, opts Options) *Limiter {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Sync <= 0 {
		opts.Sync = 5 * time.Second
	}
	life, end := context.WithCancel(context.Background())
	return &Limiter{opts: opts, store: st, instance: rand.Text(), clients: map[string]*client{}, instances: 1,
		life: life, end: end}
}

// Close stops the background sync running, if any, and waits for it; the
// limiter starts none afterwards and keeps the shares it last counted.
func (l *Limiter) Close() {
	l.syncMu.Lock()
	l.end()
	l.syncMu.Unlock()
	l.syncs.Wait()
}

// Take counts one request of clientID and decides on it. A client that
// has no limit, of its own or by default, is always allowed with Limit 0.
func (l *Limiter) Take(ctx context.Context, clientID string) Decision {
	l.syncSoon()
	c := l.client(ctx, clientID)
	l.mu.Lock()
	defer l.mu.Unlock()
	limit := c.own
	if limit == 0 {
		limit = l.opts.Requests
	}
	if limit == 0 {
		return Decision{Allowed: true}
	}
	share := (limit + l.instances - 1) / l.instances
	now := l.opts.Now()
	if c.bucket == nil {
		c.bucket = newBucket(share, l.opts.Window, now)
	} else {
		c.bucket.resize(share, l.opts.Window)
	}
	ok, left, full, retry := c.bucket.take(now)
	return Decision{Allowed: ok, Limit: limit, Window: l.opts.Window, Remaining: min(limit, int(left)*l.instances), Reset: full, RetryAfter: retry}
}

// client returns the state of clientID, reading its own limit from the
// store on its first request to this instance.
func (l *Limiter) client(ctx context.Context, clientID string) *client {
	l.mu.Lock()
	c, known := l.clients[clientID]
	if !known {
		c = &client{loaded: make(chan struct{})}
		l.clients[clientID] = c
	}
	l.mu.Unlock()
	if !known {
		own, err := l.store.ClientRateLimit(ctx, clientID)
		if err != nil {
			slog.WarnContext(ctx, "rate limit: the default applies until the next sync", "client_id", clientID, "error", err)
		}
		l.mu.Lock()
		c.own = own
		l.mu.Unlock()
		close(c.loaded)
	}
	select {
	case <-c.loaded:
	case <-ctx.Done():
	}
	return c
}
