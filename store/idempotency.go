package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrInFlight says that the first call with this request id is still running.
var ErrInFlight = errors.New("store: request in flight")

// ErrRequestIDReused says that the request id was first used for another
// request: another method, path, query or body.
var ErrRequestIDReused = errors.New("store: request id reused for another call")

// StoredAnswer is the first answer to a mutating call.
type StoredAnswer struct {
	Status int
	Body   []byte
}

// IdempotentRequest is a mutating call as its idempotency key binds it.
type IdempotentRequest struct {
	Method, Path string
	Digest       []byte // of the method, path, query and body
}

// BeginRequest claims a client's request id for a call at now; a claim
// made before forgetBefore no longer counts. It returns the stored answer
// when the same request was already answered, ErrRequestIDReused when the
// id was claimed by another request, ErrInFlight while it runs, and nil,
// nil when the caller should act (and then FinishRequest).
func (db *conn) BeginRequest(ctx context.Context, clientID, requestID string, req IdempotentRequest, now, forgetBefore time.Time) (*StoredAnswer, error) {
	const claim = `INSERT INTO idempotent_requests (client_id, request_id, method, path, request_digest, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (client_id, request_id) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path,
			request_digest = EXCLUDED.request_digest, status = NULL, body = NULL, created_at = EXCLUDED.created_at
		WHERE idempotent_requests.created_at < $7
		RETURNING true`
	var claimed bool
	err := db.get(ctx, &claimed, claim, clientID, requestID, req.Method, req.Path, req.Digest, now, forgetBefore)
	if err == nil {
		return nil, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: begin request: %w", err)
	}
	var row struct {
		Method string        `db:"method"`
		Path   string        `db:"path"`
		Digest []byte        `db:"request_digest"`
		Status sql.NullInt64 `db:"status"`
		Body   []byte        `db:"body"`
	}
	if err := db.get(ctx, &row, `SELECT method, path, request_digest, status, body FROM idempotent_requests
		WHERE client_id = $1 AND request_id = $2`, clientID, requestID); err != nil {
		return nil, fmt.Errorf("store: begin request: %w", err)
	}
	switch {
	case row.Method != req.Method || row.Path != req.Path || row.Digest != nil && !bytes.Equal(row.Digest, req.Digest):
		return nil, ErrRequestIDReused
	case !row.Status.Valid:
		return nil, ErrInFlight
	}
	return &StoredAnswer{Status: int(row.Status.Int64), Body: row.Body}, nil
}

// FinishRequest stores the answer to replay.
func (db *conn) FinishRequest(ctx context.Context, clientID, requestID string, a StoredAnswer) error {
	_, err := db.exec(ctx, `UPDATE idempotent_requests SET status = $3, body = $4
		WHERE client_id = $1 AND request_id = $2`, clientID, requestID, a.Status, a.Body)
	if err != nil {
		return fmt.Errorf("store: finish request: %w", err)
	}
	return nil
}

// AbandonRequest forgets a claimed request id (the call failed on our side
// and may be retried).
func (db *conn) AbandonRequest(ctx context.Context, clientID, requestID string) error {
	_, err := db.exec(ctx, `DELETE FROM idempotent_requests WHERE client_id = $1 AND request_id = $2
		AND status IS NULL`, clientID, requestID)
	if err != nil {
		return fmt.Errorf("store: abandon request: %w", err)
	}
	return nil
}

// PurgeRequests forgets answers to requests claimed before cutoff.
func (db *conn) PurgeRequests(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM idempotent_requests WHERE created_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("store: purge requests: %w", err)
	}
	return res.RowsAffected()
}

// ClaimSchedule moves a named schedule to now when its last run is before
// due, so exactly one instance runs it per period.
func (db *conn) ClaimSchedule(ctx context.Context, name string, now, due time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE schedules SET last_run = $2 WHERE name = $1 AND last_run < $3`, name, now, due)
	if err != nil {
		return false, fmt.Errorf("store: schedule %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
