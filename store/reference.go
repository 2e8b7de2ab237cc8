package store

import (
	"context"
	"fmt"
)

// ReferenceRow is a row of bench_ref, the table `make bench` creates to
// measure a bare one-row query beside every operation.
type ReferenceRow struct {
	ID   int64  `db:"id" json:"id"`
	Name string `db:"name" json:"name"`
}

// ReferenceRow reads one row of bench_ref by its primary key.
func (db *conn) ReferenceRow(ctx context.Context, id int64) (ReferenceRow, error) {
	var row ReferenceRow
	if err := db.get(ctx, &row, `SELECT id, name FROM bench_ref WHERE id = $1`, id); err != nil {
		return row, fmt.Errorf("store: reference row %d: %w", id, err)
	}
	return row, nil
}

// InsertReferenceRow inserts one row into bench_ref and returns its id.
func (db *conn) InsertReferenceRow(ctx context.Context, name string) (int64, error) {
	var id int64
	if err := db.get(ctx, &id, `INSERT INTO bench_ref (name) VALUES ($1) RETURNING id`, name); err != nil {
		return 0, fmt.Errorf("store: insert reference row: %w", err)
	}
	return id, nil
}
