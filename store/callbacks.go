package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// CallbackJob is the job kind that delivers a callback; its key is the
// callback id.
const CallbackJob = "callback"

// Callback is an event to deliver to a client's callback URL.
type Callback struct {
	ID           string          `db:"id"`
	ClientID     string          `db:"client_id"`
	ConnectionID sql.NullInt64   `db:"connection_id"`
	FetchID      sql.NullInt64   `db:"fetch_id"`
	Event        string          `db:"event"`
	URL          string          `db:"url"`
	Body         json.RawMessage `db:"body"`
	Status       string          `db:"status"`
	Attempts     int             `db:"attempts"`
	CreatedAt    time.Time       `db:"created_at"`
	DeliveredAt  sql.NullTime    `db:"delivered_at"`
}

// CallbackAttempt is one try at delivering a callback.
type CallbackAttempt struct {
	ID          int64          `db:"id"`
	CallbackID  string         `db:"callback_id"`
	AttemptedAt time.Time      `db:"attempted_at"`
	StatusCode  sql.NullInt64  `db:"status_code"`
	Error       sql.NullString `db:"error"`
	DurationMS  int            `db:"duration_ms"`
}

// QueueCallback records a callback and queues its delivery, in tx.
func (db *conn) QueueCallback(ctx context.Context, cb *Callback, maxAttempts int) error {
	const q = `INSERT INTO callbacks (id, client_id, connection_id, fetch_id, event, url, body)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`
	if _, err := db.exec(ctx, q, cb.ID, cb.ClientID, cb.ConnectionID, cb.FetchID, cb.Event, cb.URL, cb.Body); err != nil {
		return fmt.Errorf("store: queue callback: %w", mapError(err))
	}
	_, err := db.Enqueue(ctx, NewJob{Kind: CallbackJob, Key: cb.ID, Payload: map[string]string{"callbackId": cb.ID}, MaxAttempts: maxAttempts})
	return err
}

// Callback returns one callback.
func (db *conn) Callback(ctx context.Context, id string) (*Callback, error) {
	var cb Callback
	err := db.get(ctx, &cb, `SELECT id, client_id, connection_id, fetch_id, event, url, body, status, attempts,
		created_at, delivered_at FROM callbacks WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: callback %s: %w", id, err)
	}
	return &cb, nil
}

// RecordCallbackAttempt stores an attempt and the callback's new status.
func (db *conn) RecordCallbackAttempt(ctx context.Context, a CallbackAttempt, status string) error {
	return db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO callback_attempts (callback_id, attempted_at, status_code, error, duration_ms)
			VALUES ($1, $2, $3, $4, $5)`, a.CallbackID, a.AttemptedAt, a.StatusCode, a.Error, a.DurationMS); err != nil {
			return fmt.Errorf("store: record callback attempt: %w", err)
		}
		_, err := tx.exec(ctx, `UPDATE callbacks SET attempts = attempts + 1, status = $2,
			delivered_at = CASE WHEN $2 = 'delivered' THEN $3::timestamptz END WHERE id = $1`, a.CallbackID, status, a.AttemptedAt)
		if err != nil {
			return fmt.Errorf("store: update callback: %w", err)
		}
		return nil
	})
}

// CallbackAttempts lists the attempts of a callback in order.
func (db *conn) CallbackAttempts(ctx context.Context, id string) ([]CallbackAttempt, error) {
	list := make([]CallbackAttempt, 0)
	err := db.selectAll(ctx, &list, `SELECT id, callback_id, attempted_at, status_code, error, duration_ms
		FROM callback_attempts WHERE callback_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: callback attempts: %w", err)
	}
	return list, nil
}

// CallbacksOf lists the callbacks sent for one connection, oldest first.
func (db *conn) CallbacksOf(ctx context.Context, connectionID int64) ([]Callback, error) {
	list := make([]Callback, 0)
	err := db.selectAll(ctx, &list, `SELECT id, client_id, connection_id, fetch_id, event, url, body, status,
		attempts, created_at, delivered_at FROM callbacks WHERE connection_id = $1 ORDER BY created_at, id`, connectionID)
	if err != nil {
		return nil, fmt.Errorf("store: callbacks of %d: %w", connectionID, err)
	}
	return list, nil
}
