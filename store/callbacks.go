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
	Endpoint     string          `db:"endpoint"` // scheme://host[:port] of URL
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

const callbackColumns = `id, client_id, connection_id, fetch_id, event, url, endpoint, body, status, attempts,
	created_at, delivered_at`

// QueueCallback records a callback and queues its delivery, in tx.
func (db *conn) QueueCallback(ctx context.Context, cb *Callback, maxAttempts int) error {
	jobID, err := db.Enqueue(ctx, NewJob{Kind: CallbackJob, Key: cb.ID, Payload: map[string]string{"callbackId": cb.ID}, MaxAttempts: maxAttempts})
	if err != nil {
		return err
	}
	const q = `INSERT INTO callbacks (id, client_id, connection_id, fetch_id, event, url, endpoint, body, job_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`
	if _, err := db.exec(ctx, q, cb.ID, cb.ClientID, cb.ConnectionID, cb.FetchID, cb.Event, cb.URL, cb.Endpoint, cb.Body, jobID); err != nil {
		return fmt.Errorf("store: queue callback: %w", mapError(err))
	}
	return nil
}

// Callback returns one callback.
func (db *conn) Callback(ctx context.Context, id string) (*Callback, error) {
	var cb Callback
	err := db.get(ctx, &cb, `SELECT `+callbackColumns+` FROM callbacks WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: callback %s: %w", id, err)
	}
	return &cb, nil
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
	err := db.selectAll(ctx, &list, `SELECT `+callbackColumns+` FROM callbacks
		WHERE connection_id = $1 ORDER BY created_at, id`, connectionID)
	if err != nil {
		return nil, fmt.Errorf("store: callbacks of %d: %w", connectionID, err)
	}
	return list, nil
}

// CallbackOutcome is what one delivery attempt decided.
type CallbackOutcome struct {
	Status string // delivered, failed (for good) or pending
	JobID  int64  // the delivery job; a pending callback's goes back in the queue
	// RetryIn is the delay the callback's own back-off asks for (pending).
	RetryIn time.Duration
	// NotBefore is the delay the receiver asked for with Retry-After.
	NotBefore time.Duration
	// Probe is the longest an endpoint with queued callbacks waits for its
	// next attempt: a pending callback waits no longer than Probe unless
	// another callback of its endpoint is due within it.
	Probe time.Duration
}

// RecordCallbackAttempt stores an attempt and the callback's new status,
// and schedules what follows, in one transaction: a delivered callback
// makes its endpoint's queued callbacks due now; a pending one goes back
// in the queue; a failed one makes the endpoint's next callback due within
// Probe. It returns when the next attempt of a pending callback is due.
func (db *conn) RecordCallbackAttempt(ctx context.Context, a CallbackAttempt, o CallbackOutcome) (time.Duration, error) {
	var next time.Duration
	err := db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO callback_attempts (callback_id, attempted_at, status_code, error, duration_ms)
			VALUES ($1, $2, $3, $4, $5)`, a.CallbackID, a.AttemptedAt, a.StatusCode, a.Error, a.DurationMS); err != nil {
			return fmt.Errorf("store: record callback attempt: %w", err)
		}
		var endpoint string
		err := tx.get(ctx, &endpoint, `UPDATE callbacks SET attempts = attempts + 1, status = $2, job_id = $4,
			delivered_at = CASE WHEN $2 = 'delivered' THEN $3::timestamptz END WHERE id = $1 RETURNING endpoint`,
			a.CallbackID, o.Status, a.AttemptedAt, o.JobID)
		if err != nil {
			return fmt.Errorf("store: update callback: %w", err)
		}
		switch o.Status {
		case "delivered":
			return tx.pullEndpointForward(ctx, endpoint)
		case "failed":
			return tx.keepEndpointProbed(ctx, endpoint, o.Probe)
		}
		next, err = tx.requeueCallback(ctx, a.CallbackID, endpoint, a.Error.String, o)
		return err
	})
	return next, err
}

// pullEndpointForward makes every queued callback of endpoint due now and
// wakes the workers.
func (tx *Tx) pullEndpointForward(ctx context.Context, endpoint string) error {
	res, err := tx.exec(ctx, `UPDATE jobs SET run_at = now() FROM callbacks c
		WHERE c.endpoint = $1 AND c.status = 'pending' AND jobs.id = c.job_id
		  AND jobs.state = 'queued' AND jobs.run_at > now()`, endpoint)
	if err != nil {
		return fmt.Errorf("store: pull callbacks of %s forward: %w", endpoint, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.exec(ctx, `SELECT pg_notify($1, $2)`, JobsChannel, CallbackJob); err != nil {
		return fmt.Errorf("store: pull callbacks forward: notify: %w", err)
	}
	return nil
}

// keepEndpointProbed makes the endpoint's earliest queued callback due
// within probe, when the one that ended was the endpoint's probe.
func (tx *Tx) keepEndpointProbed(ctx context.Context, endpoint string, probe time.Duration) error {
	_, err := tx.exec(ctx, `UPDATE jobs SET run_at = now() + make_interval(secs => $2)
		WHERE id = (SELECT j.id FROM callbacks c JOIN jobs j ON j.id = c.job_id
		            WHERE c.endpoint = $1 AND c.status = 'pending' AND j.state = 'queued'
		            ORDER BY j.run_at LIMIT 1)
		  AND run_at > now() + make_interval(secs => $2)`, endpoint, probe.Seconds())
	if err != nil {
		return fmt.Errorf("store: keep %s probed: %w", endpoint, err)
	}
	return nil
}

// requeueCallback puts a pending callback's job back in the queue: after
// RetryIn, or within Probe when no other callback of the endpoint is due
// by then, and never before NotBefore. The job is no longer the worker's,
// so the worker's own finish of it changes nothing.
func (tx *Tx) requeueCallback(ctx context.Context, id, endpoint, reason string, o CallbackOutcome) (time.Duration, error) {
	delay := o.RetryIn
	if delay > o.Probe {
		var probed bool
		err := tx.get(ctx, &probed, `SELECT EXISTS (SELECT 1 FROM callbacks c JOIN jobs j ON j.id = c.job_id
			WHERE c.endpoint = $1 AND c.status = 'pending' AND c.id <> $2 AND j.state = 'queued'
			  AND j.run_at <= now() + make_interval(secs => $3))`, endpoint, id, o.Probe.Seconds())
		if err != nil {
			return 0, fmt.Errorf("store: requeue callback %s: %w", id, err)
		}
		if !probed {
			delay = o.Probe
		}
	}
	delay = max(delay, o.NotBefore)
	_, err := tx.exec(ctx, `UPDATE jobs SET state = 'queued', run_at = now() + make_interval(secs => $2), attempts = 0,
		last_error = $3, locked_by = NULL, locked_until = NULL, finished_at = NULL WHERE id = $1`, o.JobID, delay.Seconds(), reason)
	if err != nil {
		return 0, fmt.Errorf("store: requeue callback %s: %w", id, err)
	}
	return delay, nil
}
