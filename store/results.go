package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Result is the record of an analytics or report build: who asked, about
// which subject and data, how far it got and until when it may be fetched.
// Its body is kept apart (PutResultBody), so that another storage can hold it.
type Result struct {
	ID          string     `db:"id"`
	ClientID    string     `db:"client_id"`
	SubjectID   string     `db:"subject_id"`
	Kind        string     `db:"kind"`   // analytics, report or report-pdf
	Status      string     `db:"status"` // pending, ready or failed
	DataVersion string     `db:"data_version"`
	ContentType NullString `db:"content_type"`
	Error       NullString `db:"error"`
	CreatedAt   time.Time  `db:"created_at"`
	FinishedAt  NullTime   `db:"finished_at"`
	ExpiresAt   time.Time  `db:"expires_at"`
}

const resultColumns = `id, client_id, subject_id, kind, status, data_version, content_type, error,
	created_at, finished_at, expires_at`

// InsertResult records a result; a pending one unless r.Status says otherwise.
func (db *conn) InsertResult(ctx context.Context, r *Result) error {
	if r.Status == "" {
		r.Status = "pending"
	}
	_, err := db.exec(ctx, `INSERT INTO results (id, client_id, subject_id, kind, status, data_version, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, r.ID, r.ClientID, r.SubjectID, r.Kind, r.Status, r.DataVersion,
		r.CreatedAt, r.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: insert result: %w", mapError(err))
	}
	return nil
}

// Result returns one result, whoever its client is (the signed link is
// the caller's proof).
func (db *conn) Result(ctx context.Context, id string) (*Result, error) {
	var r Result
	err := db.get(ctx, &r, `SELECT `+resultColumns+` FROM results WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, missing("result")
	}
	if err != nil {
		return nil, fmt.Errorf("store: result: %w", err)
	}
	return &r, nil
}

// LatestResult returns the client's newest pending or ready result of a
// kind for the subject's data version that is still valid at now, a ready
// one before a pending one; ErrNotFound when there is none.
func (db *conn) LatestResult(ctx context.Context, clientID, subjectID, kind, version string, now time.Time) (*Result, error) {
	var r Result
	err := db.get(ctx, &r, `SELECT `+resultColumns+` FROM results
		WHERE client_id = $1 AND subject_id = $2 AND kind = $3 AND data_version = $4
		  AND expires_at > $5 AND status IN ('pending', 'ready')
		ORDER BY status = 'ready' DESC, expires_at DESC LIMIT 1`, clientID, subjectID, kind, version, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, missing("result")
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest result: %w", err)
	}
	return &r, nil
}

// PutResultBody keeps a result's body and its content type.
func (db *conn) PutResultBody(ctx context.Context, id, contentType string, body []byte) error {
	res, err := db.exec(ctx, `UPDATE results SET content_type = $2, body = $3 WHERE id = $1`, id, contentType, body)
	if err != nil {
		return fmt.Errorf("store: put result body: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return missing("result")
	}
	return nil
}

// ResultBody returns a result's content type and body.
func (db *conn) ResultBody(ctx context.Context, id string) (string, []byte, error) {
	var row struct {
		ContentType NullString `db:"content_type"`
		Body        []byte     `db:"body"`
	}
	err := db.get(ctx, &row, `SELECT content_type, body FROM results WHERE id = $1 AND body IS NOT NULL`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, missing("result")
	}
	if err != nil {
		return "", nil, fmt.Errorf("store: result body: %w", err)
	}
	return row.ContentType.String, row.Body, nil
}

// FinishResult marks a result ready, built from the data version given.
func (db *conn) FinishResult(ctx context.Context, id, version, contentType string, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE results SET status = 'ready', data_version = $2, content_type = $3,
		finished_at = $4, error = NULL WHERE id = $1`, id, version, contentType, now)
	if err != nil {
		return fmt.Errorf("store: finish result: %w", err)
	}
	return nil
}

// FailResult marks a result failed for good with the reason.
func (db *conn) FailResult(ctx context.Context, id, reason string, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE results SET status = 'failed', error = $2, finished_at = $3
		WHERE id = $1 AND status = 'pending'`, id, reason, now)
	if err != nil {
		return fmt.Errorf("store: fail result: %w", err)
	}
	return nil
}

// DeleteExpiredResults deletes the results that expired before now and
// returns how many.
func (db *conn) DeleteExpiredResults(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM results WHERE expires_at <= $1`, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired results: %w", err)
	}
	return res.RowsAffected()
}
