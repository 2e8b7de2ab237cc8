package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// Result is the record of an analytics or report build: who asked, about
// which subject and data, how far it got and until when it may be fetched.
// Its body is kept apart (PutResultBody), so that another storage can hold it.
type Result struct {
	ID        string `db:"id"`
	ClientID  string `db:"client_id"`
	SubjectID string `db:"subject_id"`
	Kind      string `db:"kind"`   // analytics, report or report-pdf
	Status    string `db:"status"` // pending, ready or failed
	ResultVersion
	ContentType NullString `db:"content_type"`
	Error       NullString `db:"error"`
	CreatedAt   time.Time  `db:"created_at"`
	FinishedAt  NullTime   `db:"finished_at"`
	ExpiresAt   time.Time  `db:"expires_at"`
}

// ResultVersion names what a result is (or will be) built from: the
// subject's data, the scorecard model that scores it and the categoriser
// version of the categories it reads, and the language it is written in.
// Only a result of the version a build would have now is served.
type ResultVersion struct {
	Data        string `db:"data_version"`
	Model       string `db:"model_version"`
	Categoriser int16  `db:"categoriser_version"`
	Locale      string `db:"locale"` // "" is English
}

const resultColumns = `id, client_id, subject_id, kind, status, data_version, model_version, categoriser_version,
	locale, content_type, error, created_at, finished_at, expires_at`

// InsertResult records a result; a pending one unless r.Status says otherwise.
func (db *conn) InsertResult(ctx context.Context, r *Result) error {
	if r.Status == "" {
		r.Status = "pending"
	}
	_, err := db.exec(ctx, `INSERT INTO results (id, client_id, subject_id, kind, status, data_version, model_version,
		categoriser_version, locale, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		r.ID, r.ClientID, r.SubjectID, r.Kind, r.Status, r.Data, r.Model, r.Categoriser, r.Locale, r.CreatedAt, r.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: insert result: %w", mapError(err))
	}
	return nil
}

// InsertResultOf records a result built from the client's connections, as
// InsertResult does, only while each of them still exists. It locks them
// until the commit (FOR KEY SHARE), so that a deletion of one waits and
// then deletes the result with the subject's others; a connection deleted
// already is ErrNotFound and nothing is recorded.
func (db *conn) InsertResultOf(ctx context.Context, r *Result, connections []int64) error {
	return db.inTx(ctx, func(tx *Tx) error {
		var n int
		err := tx.get(ctx, &n, `SELECT count(*) FROM (SELECT id FROM connections
			WHERE id = ANY($1) AND client_id = $2 FOR KEY SHARE) AS kept`, pq.Array(connections), r.ClientID)
		if err != nil {
			return fmt.Errorf("store: lock connections of result: %w", err)
		}
		if n != len(connections) {
			return missing("connection")
		}
		return tx.InsertResult(ctx, r)
	})
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
// kind for the subject of exactly version v (data, model and categoriser)
// that is still valid at now, a ready one before a pending one;
// ErrNotFound when there is none.
func (db *conn) LatestResult(ctx context.Context, clientID, subjectID, kind string, v ResultVersion, now time.Time) (*Result, error) {
	var r Result
	err := db.get(ctx, &r, `SELECT `+resultColumns+` FROM results
		WHERE client_id = $1 AND subject_id = $2 AND kind = $3 AND data_version = $4
		  AND model_version = $5 AND categoriser_version = $6 AND locale = $8
		  AND expires_at > $7 AND status IN ('pending', 'ready')
		ORDER BY status = 'ready' DESC, expires_at DESC LIMIT 1`, clientID, subjectID, kind, v.Data, v.Model, v.Categoriser, now, v.Locale)
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

// FinishResult marks a result ready, built at version v.
func (db *conn) FinishResult(ctx context.Context, id string, v ResultVersion, contentType string, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE results SET status = 'ready', data_version = $2, model_version = $3,
		categoriser_version = $4, content_type = $5, finished_at = $6, error = NULL WHERE id = $1`,
		id, v.Data, v.Model, v.Categoriser, contentType, now)
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

// DeleteSubjectResults deletes every result of the client's subject: its
// data changed in a way no version records (a connection or upload gone),
// so no link to what was built from it may work any longer.
func (db *conn) DeleteSubjectResults(ctx context.Context, clientID, subjectID string) error {
	if _, err := db.exec(ctx, `DELETE FROM results WHERE client_id = $1 AND subject_id = $2`, clientID, subjectID); err != nil {
		return fmt.Errorf("store: delete results of subject: %w", err)
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
