package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"syscall"

	"github.com/lib/pq"
)

// pqConn is what lib/pq's connection offers and the pool uses.
type pqConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	driver.NamedValueChecker
}

// poolConn is a lib/pq connection that leaves the pool after an error that
// makes it unusable, such as a write refused by a server that became read
// only after a failover, or the server ending the session.
type poolConn struct {
	pqConn
	broken atomic.Bool
}

// unusable is the error a statement met on a broken connection; it is
// driver.ErrBadConn to database/sql, which then discards the connection
// and, outside a transaction, retries on another one.
type unusable struct{ cause error }

func (u unusable) Error() string        { return fmt.Sprintf("store: connection unusable: %v", u.cause) }
func (u unusable) Unwrap() error        { return u.cause }
func (u unusable) Is(target error) bool { return target == driver.ErrBadConn }

// check marks the connection broken when err makes it unusable. A
// statement the server refused without running it becomes ErrBadConn, so
// that database/sql may run it again elsewhere; a broken link keeps its own
// error, since the statement may have run.
func (c *poolConn) check(err error) error {
	if err == nil || !unusableConn(err) {
		return err
	}
	c.broken.Store(true)
	if refused(err) && !errors.Is(err, driver.ErrBadConn) {
		return unusable{err}
	}
	return err
}

// refused tells the server's refusals after which the statement has not run
// and the session is of no further use: a write on a server that became
// read only after a failover, or the server ending the session.
func refused(err error) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) {
		return false
	}
	switch pqErr.Code {
	case "25006", "57P01", "57P02", "57P03": // read_only_sql_transaction, admin_shutdown, crash_shutdown, cannot_connect_now
		return true
	}
	return false
}

// unusableConn tells the errors after which a connection must not be used
// again: a refusal as above, a connection exception or a broken link.
func unusableConn(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return refused(err) || pqErr.Code.Class() == "08" // connection_exception
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false // the caller gave up, the connection may be fine
	}
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

func (c *poolConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	res, err := c.pqConn.ExecContext(ctx, query, args)
	return res, c.check(err)
}

func (c *poolConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.pqConn.QueryContext(ctx, query, args)
	if err != nil {
		return nil, c.check(err)
	}
	return &poolRows{Rows: rows, conn: c}, nil
}

func (c *poolConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	st, err := c.pqConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, c.check(err)
	}
	return &poolStmt{Stmt: st, conn: c}, nil
}

func (c *poolConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.pqConn.BeginTx(ctx, opts)
	return tx, c.check(err)
}

func (c *poolConn) Ping(ctx context.Context) error { return c.check(c.pqConn.Ping(ctx)) }

// ResetSession implements driver.SessionResetter.
func (c *poolConn) ResetSession(ctx context.Context) error {
	if c.broken.Load() {
		return driver.ErrBadConn
	}
	return c.pqConn.ResetSession(ctx)
}

// IsValid implements driver.Validator.
func (c *poolConn) IsValid() bool { return !c.broken.Load() && c.pqConn.IsValid() }

// poolStmt is a prepared statement of a poolConn.
type poolStmt struct {
	driver.Stmt
	conn *poolConn
}

func (s *poolStmt) Exec(args []driver.Value) (driver.Result, error) { //nolint:staticcheck // lib/pq's statements offer only this form
	res, err := s.Stmt.Exec(args) //nolint:staticcheck // as above
	return res, s.conn.check(err)
}

func (s *poolStmt) Query(args []driver.Value) (driver.Rows, error) { //nolint:staticcheck // as above
	rows, err := s.Stmt.Query(args) //nolint:staticcheck // as above
	if err != nil {
		return nil, s.conn.check(err)
	}
	return &poolRows{Rows: rows, conn: s.conn}, nil
}

// poolRows are the rows of a poolConn; an error met while reading them (a
// write with RETURNING fails there) also marks the connection.
type poolRows struct {
	driver.Rows
	conn *poolConn
}

func (r *poolRows) Next(dest []driver.Value) error {
	err := r.Rows.Next(dest)
	if err != nil && unusableConn(err) {
		r.conn.broken.Store(true)
	}
	return err
}

// HasNextResultSet implements driver.RowsNextResultSet.
func (r *poolRows) HasNextResultSet() bool {
	n, ok := r.Rows.(driver.RowsNextResultSet)
	return ok && n.HasNextResultSet()
}

// NextResultSet implements driver.RowsNextResultSet.
func (r *poolRows) NextResultSet() error {
	if n, ok := r.Rows.(driver.RowsNextResultSet); ok {
		return n.NextResultSet()
	}
	return io.EOF
}
