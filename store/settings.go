package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Setting returns the value stored under name, storing generate()'s result
// first when there is none. Concurrent callers all get the first value
// stored. Settings are secrets (generated keys), so they are stored sealed.
func (db *conn) Setting(ctx context.Context, name string, generate func() ([]byte, error)) ([]byte, error) {
	var value []byte
	err := db.get(ctx, &value, `SELECT value FROM settings WHERE name = $1`, name)
	if err == nil {
		return db.open(value, settingRow(name))
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: setting %s: %w", name, err)
	}
	fresh, err := generate()
	if err != nil {
		return nil, fmt.Errorf("store: setting %s: %w", name, err)
	}
	sealed, err := db.seal(fresh, settingRow(name))
	if err != nil {
		return nil, err
	}
	const q = `INSERT INTO settings (name, value) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING value`
	if err := db.get(ctx, &value, q, name, sealed); err != nil {
		return nil, fmt.Errorf("store: setting %s: %w", name, err)
	}
	return db.open(value, settingRow(name))
}
