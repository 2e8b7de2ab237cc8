package oauth

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lib/pq"

	"openbank/store"
)

// revocations is the in-memory set of revoked grants and clients. It is fed
// by PostgreSQL NOTIFY as a wake-up and driven by the table: every
// notification, reconnect and poll re-reads the rows recorded since the last
// read, so a dropped notification costs at most one poll interval.
type revocations struct {
	db       *store.Store
	dsn      string
	mu       sync.RWMutex
	grants   map[string]time.Time
	clients  map[string]time.Time
	since    time.Time // created_at of the newest row read (database clock)
	echoMu   sync.Mutex
	echoes   map[string][]chan struct{}
	poll     time.Duration
	listener *pq.Listener
	changed  func(clientID string)
}

// overlap re-reads rows whose transaction committed after a later one.
const overlap = 30 * time.Second

// The staleness bound of a revocation on another instance (docs/oauth.md):
// a listening instance applies a notification's payload on arrival and
// re-reads the table every pollListening in case a notification was lost
// while its listener reconnected; one without LISTEN re-reads every
// pollOnly.
const (
	pollListening = 5 * time.Second
	pollOnly      = time.Second
)

// newRevocations reads the revocations; changed is told of every client
// revoked or changed, to drop what it cached of it.
func newRevocations(ctx context.Context, db *store.Store, dsn string, changed func(clientID string)) (*revocations, error) {
	r := &revocations{db: db, dsn: dsn, grants: map[string]time.Time{}, clients: map[string]time.Time{},
		echoes: map[string][]chan struct{}{}, poll: pollListening, changed: changed}
	if dsn == "" {
		r.poll = pollOnly
	}
	return r, r.refresh(ctx)
}

// revoked reports whether a token of grant or client is revoked.
func (r *revocations) revoked(grantID, clientID string, now time.Time) bool {
	r.mu.RLock()
	g, gok := r.grants[grantID]
	c, cok := r.clients[clientID]
	r.mu.RUnlock()
	return (gok && g.After(now)) || (cok && c.After(now))
}

// add puts one revocation in the set; a revoked or changed client is
// dropped from the client cache.
func (r *revocations) add(key string, until time.Time) {
	kind, id, _ := strings.Cut(key, ":")
	switch kind + ":" {
	case revokedGrant:
		r.mu.Lock()
		r.grants[id] = until
		r.mu.Unlock()
	case revokedClient:
		r.mu.Lock()
		r.clients[id] = until
		r.mu.Unlock()
		r.changed(id)
	case changedClient:
		r.changed(id)
	}
}

// refresh reads the rows recorded since the last read.
func (r *revocations) refresh(ctx context.Context) error {
	rows, err := r.db.RevocationsSince(ctx, r.since.Add(-overlap))
	if err != nil {
		return err
	}
	for _, row := range rows {
		r.add(row.Key, row.ExpiresAt)
		if row.CreatedAt.After(r.since) {
			r.since = row.CreatedAt
		}
	}
	return nil
}

// sweep forgets revocations past their expiry.
func (r *revocations) sweep(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range []map[string]time.Time{r.grants, r.clients} {
		for k, until := range m {
			if until.Before(now) {
				delete(m, k)
			}
		}
	}
}

// notified applies a notification's payload at once, before the table is
// re-read, and returns its key.
func (r *revocations) notified(payload string) string {
	key, unix, _ := strings.Cut(payload, " ")
	if sec, err := strconv.ParseInt(unix, 10, 64); err == nil {
		r.add(key, time.Unix(sec, 0))
	}
	return key
}

// run listens and polls until ctx ends.
func (r *revocations) run(ctx context.Context) {
	var notify <-chan *pq.Notification
	if r.dsn != "" {
		r.listener = pq.NewListener(r.dsn, 100*time.Millisecond, 10*time.Second, nil)
		defer func() { _ = r.listener.Close() }()
		if err := r.listener.Listen(store.RevocationChannel); err != nil {
			slog.WarnContext(ctx, "listening for revocations; polling only", "error", err)
		}
		notify = r.listener.Notify
		// Rows recorded between the first read and LISTEN taking effect
		// sent notifications nobody heard: read them now, not a poll later.
		if err := r.refresh(ctx); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "reading revocations", "error", err)
		}
	}
	tick := time.NewTicker(r.poll)
	defer tick.Stop()
	for {
		var n *pq.Notification
		select {
		case <-ctx.Done():
			return
		case n = <-notify:
		case <-tick.C:
		}
		var key string
		if n != nil {
			key = r.notified(n.Extra)
		}
		if err := r.refresh(ctx); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "reading revocations", "error", err)
		}
		r.echo(key)
	}
}
