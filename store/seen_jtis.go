package store

import (
	"context"
	"fmt"
	"time"
)

// SeeOnce records a one-time value (a DPoP proof's or a client assertion's
// jti under its key) until expires. A value seen before, by any instance,
// is ErrConflict.
func (db *conn) SeeOnce(ctx context.Context, key string, expires time.Time) error {
	res, err := db.exec(ctx, `INSERT INTO oauth_seen_jtis (key, expires_at) VALUES ($1, $2)
		ON CONFLICT (key) DO NOTHING`, key, expires)
	if err != nil {
		return fmt.Errorf("store: see once: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: %s seen before: %w", key, ErrConflict)
	}
	return nil
}
