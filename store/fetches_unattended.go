package store

import (
	"context"
	"fmt"
	"time"
)

// UnattendedFetches counts a connection's fetches requested since a time
// that ran without the subject: refetches and daily refreshes (not those
// right after an SCA), failed ones included, as each one asked the bank.
func (db *conn) UnattendedFetches(ctx context.Context, connectionID int64, since time.Time) (refetches, daily int, err error) {
	var row struct {
		Refetches int `db:"refetches"`
		Daily     int `db:"daily"`
	}
	err = db.get(ctx, &row, `SELECT count(*) FILTER (WHERE trigger = 'refetch') AS refetches,
			count(*) FILTER (WHERE trigger = 'daily') AS daily
		FROM fetches WHERE connection_id = $1 AND requested_at >= $2 AND trigger IN ('refetch', 'daily')`, connectionID, since)
	if err != nil {
		return 0, 0, fmt.Errorf("store: unattended fetches of %d: %w", connectionID, err)
	}
	return row.Refetches, row.Daily, nil
}
