package store

import (
	"context"
	"sync"

	"github.com/jmoiron/sqlx"
)

// statements holds, per pool and query, a prepared statement of the hot
// read and write paths: a prepared query skips parsing and planning and one
// round trip. database/sql prepares it again on each connection it uses.
// The map is shared by every pool of the process, as database/sql's own
// driver registry is, and keyed by the pool.
var statements sync.Map // statementKey → *sqlx.Stmt

type statementKey struct {
	db    *sqlx.DB
	query string
}

// getPrepared is sqlx.GetContext through a prepared statement when q is a
// pool, and a plain query inside a transaction.
func getPrepared(ctx context.Context, q sqlx.QueryerContext, dest any, query string, args ...any) error {
	db, ok := q.(*sqlx.DB)
	if !ok {
		return sqlx.GetContext(ctx, q, dest, query, args...)
	}
	stmt, err := prepared(ctx, db, query)
	if err != nil {
		return err
	}
	return stmt.GetContext(ctx, dest, args...)
}

// prepared returns the pool's prepared statement for query.
func prepared(ctx context.Context, db *sqlx.DB, query string) (*sqlx.Stmt, error) {
	key := statementKey{db, query}
	if s, ok := statements.Load(key); ok {
		return s.(*sqlx.Stmt), nil
	}
	s, err := db.PreparexContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := statements.LoadOrStore(key, s); loaded {
		s.Close()
		return prev.(*sqlx.Stmt), nil
	}
	return s, nil
}
