package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lib/pq"
)

// ErrUnavailable says that the database cannot be reached now; the same
// request may succeed a moment later.
var ErrUnavailable = errors.New("store: database unavailable")

// Reconnection backoff: after a failed dial the next one waits dialBackoffMin,
// doubling with each further failure up to dialBackoffMax. Meanwhile every
// request that needs a new connection fails at once instead of dialing.
const (
	dialBackoffMin = 50 * time.Millisecond
	dialBackoffMax = 2 * time.Second
)

// connector dials PostgreSQL through lib/pq, backs off after a failed dial
// and hands out connections that leave the pool once they are unusable.
type connector struct {
	pq    *pq.Connector
	now   func() time.Time
	dials atomic.Int64

	mu       sync.Mutex
	failures int       // consecutive failed dials
	retryAt  time.Time // no dial before this while failures > 0
}

func newConnector(dsn string) (*connector, error) {
	c, err := pq.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return &connector{pq: c, now: time.Now}, nil
}

// Connect implements driver.Connector.
func (c *connector) Connect(ctx context.Context) (driver.Conn, error) {
	if wait := c.claim(); wait > 0 {
		return nil, fmt.Errorf("%w: next connection attempt in %s", ErrUnavailable, wait.Round(time.Millisecond))
	}
	c.dials.Add(1)
	cn, err := c.pq.Connect(ctx)
	if err != nil && ctx.Err() != nil {
		return nil, err // the caller gave up; says nothing about the database
	}
	c.record(err)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	inner, ok := cn.(pqConn)
	if !ok {
		_ = cn.Close() // the type error is what matters
		return nil, fmt.Errorf("store: the driver's connection %T lacks a method the pool needs", cn)
	}
	return &poolConn{pqConn: inner}, nil
}

// Driver implements driver.Connector.
func (c *connector) Driver() driver.Driver { return c.pq.Driver() }

// claim says how long to wait before the next dial, or 0 to dial now; a
// caller told 0 after failures takes the next slot, so that only one dial
// at a time probes a database that was down.
func (c *connector) claim() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failures == 0 {
		return 0
	}
	now := c.now()
	if now.Before(c.retryAt) {
		return c.retryAt.Sub(now)
	}
	c.retryAt = now.Add(backoff(c.failures))
	return 0
}

// record notes the outcome of a dial.
func (c *connector) record(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil {
		c.failures = 0
		return
	}
	c.failures++
	c.retryAt = c.now().Add(backoff(c.failures))
}

// available reports whether a request may use the database: no dial has
// failed since the last success, or the next attempt is due.
func (c *connector) available() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failures == 0 || !c.now().Before(c.retryAt)
}

// backoff is the wait after the given number of consecutive failures.
func backoff(failures int) time.Duration {
	d := dialBackoffMin
	for i := 1; i < failures && d < dialBackoffMax; i++ {
		d *= 2
	}
	return min(d, dialBackoffMax)
}

// Unavailable tells whether err means that the database could not be
// reached or could not serve the request now (down, restarting, refusing
// writes after a failover), as opposed to a fault of the request.
func Unavailable(err error) bool {
	if errors.Is(err, ErrUnavailable) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) {
		return true
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return unusableConn(err) || pqErr.Code == "53300" // too_many_connections
	}
	return unusableConn(err)
}
