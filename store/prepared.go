package store

import (
	"context"
	"errors"
	"sync"

	"github.com/jmoiron/sqlx"
)

// statements holds, per query, a prepared statement of the hot read and
// write paths of one pool: a prepared query skips parsing and planning and
// one round trip. database/sql prepares it again on each connection it uses.
type statements struct {
	m sync.Map // query → *sqlx.Stmt
}

// getPrepared is get through a prepared statement on the pool, and a plain
// query inside a transaction.
func (c *conn) getPrepared(ctx context.Context, dest any, query string, args ...any) error {
	if c.tx != nil {
		return c.get(ctx, dest, query, args...)
	}
	stmt, err := c.prepared(ctx, query)
	if err != nil {
		return err
	}
	return stmt.GetContext(ctx, dest, args...)
}

// prepared returns the pool's prepared statement for query.
func (c *conn) prepared(ctx context.Context, query string) (*sqlx.Stmt, error) {
	if s, ok := c.stmts.m.Load(query); ok {
		return s.(*sqlx.Stmt), nil
	}
	s, err := c.db.PreparexContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := c.stmts.m.LoadOrStore(query, s); loaded {
		_ = s.Close()
		return prev.(*sqlx.Stmt), nil
	}
	return s, nil
}

// close closes every prepared statement.
func (s *statements) close() error {
	var errs []error
	s.m.Range(func(k, v any) bool {
		errs = append(errs, v.(*sqlx.Stmt).Close())
		s.m.Delete(k)
		return true
	})
	return errors.Join(errs...)
}
