package store

import (
	"context"
	"fmt"
	"time"
)

// SeedShowcases inserts n showcases owned by owner in one statement, named
// prefix-000001 … prefix-n, valid for a day from day i after from. It
// bypasses the per-owner limit: benchmarks and demos fill large tables
// with it.
func (db *conn) SeedShowcases(ctx context.Context, owner, prefix string, n int, from time.Time) error {
	const q = `INSERT INTO showcases (name, owner, valid_from, valid_to)
		SELECT $2 || '-' || lpad(g::text, 6, '0'), $1,
			$3::timestamptz + g * interval '1 day', $3::timestamptz + (g + 1) * interval '1 day'
		FROM generate_series(1, $4::integer) g`
	if _, err := db.exec(ctx, q, owner, prefix, from, n); err != nil {
		return fmt.Errorf("store: seed showcases: %w", mapError(err))
	}
	if _, err := db.exec(ctx, `ANALYZE showcases`); err != nil {
		return fmt.Errorf("store: seed showcases: analyze: %w", err)
	}
	return nil
}
