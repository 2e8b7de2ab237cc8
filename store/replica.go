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
// the replica's pool when OpenReplica attached one, else s itself. A read
// that follows a write of the same request must stay on s.
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
	db := sqlx.NewDb(sql.OpenDB(rc), "postgres")
	sizePool(db, opts)
	r := New(db)
	r.seals = s.seals
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close() // the ping's error is the one to report
		return fmt.Errorf("store: connect replica: %w", err)
	}
	s.reader = r
	return nil
}

// sizePool applies opts to a pool: the primary's and the replica's.
func sizePool(db *sqlx.DB, opts PoolOptions) {
	if opts.MaxOpen > 0 {
		db.SetMaxOpenConns(opts.MaxOpen)
	}
	if opts.MaxIdle > 0 {
		db.SetMaxIdleConns(opts.MaxIdle)
	}
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(opts.MaxLifetime)
}

// closeReader closes the replica's pool, if any.
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
