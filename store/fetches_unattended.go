package store

import (
	"context"
	"fmt"
	"time"
)

// UnattendedFetches counts a connection's fetches requested since a time
// that ran without the subject (refetch and daily: not those right after
// an SCA), failed ones included: each one asked the bank.
func (db *conn) UnattendedFetches(ctx context.Context, connectionID int64, since time.Time) (int, error) {
	var n int
	err := db.get(ctx, &n, `SELECT count(*) FROM fetches
		WHERE connection_id = $1 AND requested_at >= $2 AND trigger IN ('refetch', 'daily')`, connectionID, since)
	if err != nil {
		return 0, fmt.Errorf("store: unattended fetches of %d: %w", connectionID, err)
	}
	return n, nil
}
