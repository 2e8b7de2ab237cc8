package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// FailedFetch is a fetch that failed, with the connection it was for.
type FailedFetch struct {
	FetchID      int64          `db:"fetch_id"`
	ConnectionID int64          `db:"connection_id"`
	ClientID     string         `db:"client_id"`
	SubjectID    string         `db:"subject_id"`
	Provider     string         `db:"provider"`
	Trigger      string         `db:"trigger"`
	ErrorCode    sql.NullString `db:"error_code"`
	ErrorReason  sql.NullString `db:"error_reason"`
	FinishedAt   time.Time      `db:"finished_at"`
}

// FailedFetches lists up to limit fetches that failed from since, newest
// first: the ones the dashboard counts.
func (db *conn) FailedFetches(ctx context.Context, since time.Time, limit int) ([]FailedFetch, error) {
	out := make([]FailedFetch, 0)
	const q = `SELECT f.id AS fetch_id, f.connection_id, c.client_id, c.subject_id, c.provider, f.trigger,
		f.error_code, f.error_reason, f.finished_at
		FROM fetches f JOIN connections c ON c.id = f.connection_id
		WHERE f.status = 'failed' AND f.finished_at >= $1
		ORDER BY f.finished_at DESC, f.id DESC LIMIT $2`
	if err := db.selectAll(ctx, &out, q, since, limit); err != nil {
		return nil, fmt.Errorf("store: failed fetches: %w", err)
	}
	return out, nil
}
