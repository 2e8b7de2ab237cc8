package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
)

// fallbackHold is how long a connection to the primary, dialed because the
// replica could not be reached, serves reads before the pool dials the
// replica again.
const fallbackHold = 30 * time.Second

// Reader is the store that read-only queries which may lag a little go to:
// the replica's pool when OpenReplica attached one, the pool of
// OpenReadPool, else s itself. A read that follows a write of the same
// request must stay on s.
func (s *Store) Reader() *Store {
	if s.reader != nil {
		return s.reader
	}
	return s
}

// OpenReplica attaches a pool to the streaming replica at dsn for Reader.
// Its connections are dialed like the primary's, with the same backoff;
// while the replica cannot be reached, reads go to the primary (logged
// once per outage) and the replica is tried again fallbackHold later. Call
// it after SealWith: the replica's store opens sealed columns with the
// primary's keys.
func (s *Store) OpenReplica(ctx context.Context, dsn string, opts PoolOptions, log *slog.Logger) error {
	replica, err := newConnector(dsn)
	if err != nil {
		return fmt.Errorf("store: open replica: %w", err)
	}
	if s.dialer == nil {
		return fmt.Errorf("store: open replica: the primary's pool was not opened by store.Open")
	}
	rc := &readConnector{replica: replica, primary: s.dialer, log: log, now: time.Now}
	return s.attachReader(ctx, rc, opts, "replica")
}

// OpenReadPool gives Reader a small pool of its own on the primary, for
// when no replica is attached. Reader's queries are the long ones (a
// subject's whole ledger, the console's lists); on a pool of their own they
// cannot take the connections requests need, and their few connections
// stay warm (opts.KeepIdle). Warm matters: a PostgreSQL backend maps each
// page of the buffer pool on its first touch, and on a machine without huge
// pages that made the first 50,000-row ledger read of a backend take 760 ms
// instead of 130. Call it after SealWith.
func (s *Store) OpenReadPool(ctx context.Context, opts PoolOptions) error {
	if s.dialer == nil {
		return fmt.Errorf("store: open read pool: the primary's pool was not opened by store.Open")
	}
	return s.attachReader(ctx, s.dialer, opts, "read pool")
}

// attachReader opens a pool of opts's size dialed by c, checks that it
// answers and makes it Reader's.
func (s *Store) attachReader(ctx context.Context, c driver.Connector, opts PoolOptions, what string) error {
	db := sqlx.NewDb(sql.OpenDB(c), "postgres")
	sizePool(db, opts)
	r := New(db)
	r.seals = s.seals
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close() // the ping's error is the one to report
		return fmt.Errorf("store: connect %s: %w", what, err)
	}
	s.reader = r
	return nil
}

// sizePool applies opts to a pool: the primary's, the replica's and the
// read pool's.
func sizePool(db *sqlx.DB, opts PoolOptions) {
	if opts.MaxOpen > 0 {
		db.SetMaxOpenConns(opts.MaxOpen)
	}
	if opts.MaxIdle > 0 {
		db.SetMaxIdleConns(opts.MaxIdle)
	}
	if !opts.KeepIdle {
		db.SetConnMaxIdleTime(5 * time.Minute)
	}
	db.SetConnMaxLifetime(opts.MaxLifetime)
}

// closeReader closes Reader's pool, if it has one of its own.
func (s *Store) closeReader() error {
	if s.reader == nil {
		return nil
	}
	return s.reader.Close()
}

// readConnector dials the replica and, when that fails, the primary.
type readConnector struct {
	replica, primary *connector
	log              *slog.Logger
	now              func() time.Time
	fallingBack      atomic.Bool // the last dial of the replica failed
}

// Connect implements driver.Connector.
func (r *readConnector) Connect(ctx context.Context) (driver.Conn, error) {
	cn, err := r.replica.Connect(ctx)
	if err == nil {
		if r.fallingBack.Swap(false) {
			r.log.Info("reading from the replica again")
		}
		return cn, nil
	}
	if ctx.Err() != nil {
		return nil, err
	}
	if !r.fallingBack.Swap(true) {
		r.log.Warn("the replica cannot be reached: reads go to the primary", "error", err)
	}
	cn, err = r.primary.Connect(ctx)
	if err != nil {
		return nil, err
	}
	pc, ok := cn.(*poolConn)
	if !ok {
		return cn, nil
	}
	return &heldConn{poolConn: pc, until: r.now().Add(fallbackHold), now: r.now}, nil
}

// Driver implements driver.Connector.
func (r *readConnector) Driver() driver.Driver { return r.replica.Driver() }

// heldConn is a connection to the primary standing in for the replica; it
// leaves the pool once its time is up, so that the replica is dialed again.
type heldConn struct {
	*poolConn
	until time.Time
	now   func() time.Time
}

// ResetSession implements driver.SessionResetter.
func (c *heldConn) ResetSession(ctx context.Context) error {
	if !c.now().Before(c.until) {
		return driver.ErrBadConn
	}
	return c.poolConn.ResetSession(ctx)
}

// IsValid implements driver.Validator.
func (c *heldConn) IsValid() bool { return c.now().Before(c.until) && c.poolConn.IsValid() }
