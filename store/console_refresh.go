package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// JobRun is the latest daily-refresh job, with the fetches it queued.
type JobRun struct {
	ID         int64          `db:"id"`
	State      string         `db:"state"`
	Attempts   int            `db:"attempts"`
	LastError  sql.NullString `db:"last_error"`
	CreatedAt  time.Time      `db:"created_at"`
	RunAt      time.Time      `db:"run_at"`
	FinishedAt sql.NullTime   `db:"finished_at"`
	Fetches    int64          `db:"fetches"` // daily fetches queued while it ran
}

// LastDailyRefresh returns the latest job of kind daily-refresh (the
// aggregation's DailyRefreshJob) and counts the fetches of trigger daily
// requested between its queueing and its end (now, while it has not
// ended). The kind and trigger are literals so that the partial indexes
// of migration 0022 serve the query. It is ErrNotFound when the refresh
// never ran or its jobs were purged.
func (db *conn) LastDailyRefresh(ctx context.Context) (*JobRun, error) {
	var r JobRun
	const q = `SELECT j.id, j.state, j.attempts, j.last_error, j.created_at, j.run_at, j.finished_at,
		(SELECT count(*) FROM fetches f WHERE f.trigger = 'daily' AND f.requested_at >= j.created_at
			AND f.requested_at <= COALESCE(j.finished_at, now())) AS fetches
		FROM (SELECT * FROM jobs WHERE kind = 'daily-refresh' ORDER BY id DESC LIMIT 1) j`
	err := db.get(ctx, &r, q)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: last daily refresh: %w", err)
	}
	return &r, nil
}
