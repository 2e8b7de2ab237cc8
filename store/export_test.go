package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Pool is the store's pool, for tests that work on its connections.
func (s *Store) Pool() *sqlx.DB { return s.db }

// Exec runs a statement in the transaction, for tests.
func (tx *Tx) Exec(ctx context.Context, query string) error {
	_, err := tx.exec(ctx, query)
	return err
}
