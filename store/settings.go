package store

import (
	"context"
	"fmt"
)

// Setting returns the value stored under name, storing generate()'s result
// first when there is none. Concurrent callers all get the first value stored.
func (db *conn) Setting(ctx context.Context, name string, generate func() ([]byte, error)) ([]byte, error) {
	var value []byte
	err := db.get(ctx, &value, `SELECT value FROM settings WHERE name = $1`, name)
	if err == nil {
		return value, nil
	}
	fresh, err := generate()
	if err != nil {
		return nil, fmt.Errorf("store: setting %s: %w", name, err)
	}
	const q = `INSERT INTO settings (name, value) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING value`
	if err := db.get(ctx, &value, q, name, fresh); err != nil {
		return nil, fmt.Errorf("store: setting %s: %w", name, err)
	}
	return value, nil
}
