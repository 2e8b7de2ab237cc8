package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// Fetch is one download of a connection's data.
type Fetch struct {
	ID                   int64           `db:"id"`
	ConnectionID         int64           `db:"connection_id"`
	Trigger              string          `db:"trigger"`
	Status               string          `db:"status"`
	CallbackFields       json.RawMessage `db:"callback_fields"`
	RequestID            sql.NullString  `db:"request_id"`
	GroupID              sql.NullString  `db:"group_id"`
	RequestedAt          time.Time       `db:"requested_at"`
	StartedAt            sql.NullTime    `db:"started_at"`
	FinishedAt           sql.NullTime    `db:"finished_at"`
	ErrorReason          sql.NullString  `db:"error_reason"`
	ErrorCode            sql.NullString  `db:"error_code"`
	FlagErrorRecoverable sql.NullBool    `db:"flag_error_recoverable"`
	Accounts             int             `db:"accounts"`
	TransactionsAdded    int             `db:"transactions_added"`
}

const fetchColumns = `f.id, f.connection_id, f.trigger, f.status, f.callback_fields, f.request_id, f.group_id,
	f.requested_at, f.started_at, f.finished_at, f.error_reason, f.error_code, f.flag_error_recoverable, f.accounts,
	f.transactions_added`

// FetchJob is the job kind that runs a fetch; its key is the connection id,
// so one connection is fetched once at a time.
const FetchJob = "fetch"

// QueueFetch records a fetch and queues the job that runs it, tried at
// most maxAttempts times.
func (db *conn) QueueFetch(ctx context.Context, f *Fetch, maxAttempts int) error {
	const q = `INSERT INTO fetches (connection_id, trigger, callback_fields, request_id, group_id)
		VALUES ($1, $2, $3, $4, $5) RETURNING id, status, requested_at`
	err := db.queryRow(ctx, q, f.ConnectionID, f.Trigger, f.CallbackFields, f.RequestID, f.GroupID).
		Scan(&f.ID, &f.Status, &f.RequestedAt)
	if err != nil {
		return fmt.Errorf("store: queue fetch: %w", mapError(err))
	}
	_, err = db.Enqueue(ctx, NewJob{Kind: FetchJob, Key: fmt.Sprint(f.ConnectionID), Payload: map[string]int64{"fetchId": f.ID}, MaxAttempts: maxAttempts})
	return err
}

// Fetches lists the fetch history of one of the client's connections, newest first.
func (db *conn) Fetches(ctx context.Context, clientID string, connectionID int64, limit int) ([]Fetch, error) {
	list := make([]Fetch, 0)
	q := `SELECT ` + fetchColumns + ` FROM fetches f JOIN connections c ON c.id = f.connection_id
		WHERE f.connection_id = $1 AND c.client_id = $2 ORDER BY f.id DESC LIMIT $3`
	if err := db.selectAll(ctx, &list, q, connectionID, clientID, limit); err != nil {
		return nil, fmt.Errorf("store: fetches of %d: %w", connectionID, err)
	}
	return list, nil
}

// Fetch returns one fetch by id (for jobs).
func (db *conn) Fetch(ctx context.Context, id int64) (*Fetch, error) {
	var f Fetch
	err := db.get(ctx, &f, `SELECT `+fetchColumns+` FROM fetches f WHERE f.id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: fetch %d: %w", id, err)
	}
	return &f, nil
}

// StartFetch marks a fetch running. The connection's lastFetchAt moves only
// when the fetch ends, so a poller never mistakes a running fetch for a
// failed one.
func (db *conn) StartFetch(ctx context.Context, id int64, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE fetches SET status = 'running', started_at = $2 WHERE id = $1`, id, now)
	if err != nil {
		return fmt.Errorf("store: start fetch %d: %w", id, err)
	}
	return nil
}

// FetchFailure is why a fetch failed: a code of the documented enum, the
// text and whether reconnecting fixes it.
type FetchFailure struct {
	Code, Reason string
	Recoverable  bool
}

// FailFetch records why a fetch failed; then runs in the same transaction.
func (db *conn) FailFetch(ctx context.Context, id int64, now time.Time, why FetchFailure, then func(*Tx) error) error {
	return db.inTx(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE fetches SET status = 'failed', finished_at = $2, error_reason = $3,
			error_code = $4, flag_error_recoverable = $5 WHERE id = $1`, id, now, why.Reason, why.Code, why.Recoverable)
		if err != nil {
			return fmt.Errorf("store: fail fetch %d: %w", id, err)
		}
		_, err = tx.exec(ctx, `UPDATE connections SET last_fetch_at = $2
			WHERE id = (SELECT connection_id FROM fetches WHERE id = $1)`, id, now)
		if err != nil {
			return fmt.Errorf("store: fail fetch %d: %w", id, err)
		}
		return then(tx)
	})
}

// FetchSource is what a fetch presents to the bank: the connection's
// client and bank, its newest consent, and per provider account id the
// newest transaction id already stored (the account's cursor).
type FetchSource struct {
	ClientID   string            `db:"client_id"`
	Provider   string            `db:"provider"`
	ConsentID  sql.NullInt64     `db:"consent_id"`
	Status     sql.NullString    `db:"consent_status"` // NULL: no consent
	ValidUntil sql.NullTime      `db:"valid_until"`
	GrantData  []byte            `db:"grant_data"` // JSON, or nil
	Cursors    map[string]string `db:"-"`
}

// beginFetchSQL marks a fetch running and reads its FetchSource.
const beginFetchSQL = `WITH f AS (UPDATE fetches f SET status = 'running', started_at = $2
		WHERE f.id = $1 AND f.status IN ('queued', 'running') RETURNING f.*)
	SELECT ` + fetchColumns + `, c.client_id, c.provider, k.id AS consent_id, k.status AS consent_status,
		k.valid_until, k.grant_data,
		(SELECT COALESCE(json_object_agg(a.provider_account_id, a.cursor), '{}') FROM accounts a
			WHERE a.connection_id = c.id) AS cursors
	FROM f JOIN connections c ON c.id = f.connection_id LEFT JOIN LATERAL (
		SELECT id, status, valid_until, grant_data FROM bank_consents WHERE connection_id = c.id
		ORDER BY id DESC LIMIT 1) k ON true`

// BeginFetch marks a queued or running fetch running and returns it with
// its FetchSource, in one statement; ErrNotFound when it is gone (its
// connection was deleted) or has already ended.
func (db *conn) BeginFetch(ctx context.Context, id int64, now time.Time) (*Fetch, *FetchSource, error) {
	var row struct {
		Fetch
		FetchSource
		Cursors []byte `db:"cursors"`
	}
	err := db.getPrepared(ctx, &row, beginFetchSQL, id, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: begin fetch %d: %w", id, err)
	}
	src := row.FetchSource
	if err := json.Unmarshal(row.Cursors, &src.Cursors); err != nil {
		return nil, nil, fmt.Errorf("store: begin fetch %d: cursors: %w", id, err)
	}
	return &row.Fetch, &src, nil
}

// ScheduledFetch is a fetch of a connection to run no sooner than RunAt.
type ScheduledFetch struct {
	ConnectionID int64
	RunAt        time.Time
}

// queueFetchesSQL records a fetch of each connection, with the connection's
// callback fields and group, and queues the job that runs it at its time.
const queueFetchesSQL = `WITH due AS (SELECT * FROM unnest($1::bigint[], $2::timestamptz[]) AS d(connection_id, run_at)),
	f AS (INSERT INTO fetches (connection_id, trigger, callback_fields, group_id)
		SELECT c.id, $3, c.callback_fields, c.group_id FROM due JOIN connections c ON c.id = due.connection_id
		ORDER BY c.id RETURNING id, connection_id),
	j AS (INSERT INTO jobs (kind, key, payload, run_at, max_attempts)
		SELECT $4, f.connection_id::text, jsonb_build_object('fetchId', f.id), due.run_at, $5
		FROM f JOIN due USING (connection_id) RETURNING id)
	SELECT count(*) FROM j`

// QueueFetches queues a fetch of trigger for each scheduled connection in
// one statement, as QueueFetch queues one, and wakes the workers; a
// connection deleted meanwhile is skipped. It returns how many it queued.
func (db *conn) QueueFetches(ctx context.Context, trigger string, due []ScheduledFetch, maxAttempts int) (int, error) {
	ids, times := make([]int64, len(due)), make([]string, len(due))
	for i, d := range due {
		ids[i], times[i] = d.ConnectionID, d.RunAt.UTC().Format(time.RFC3339Nano)
	}
	var n int
	if err := db.get(ctx, &n, queueFetchesSQL, pq.Array(ids), pq.Array(times), trigger, FetchJob, maxAttempts); err != nil {
		return 0, fmt.Errorf("store: queue %d fetches: %w", len(due), err)
	}
	if _, err := db.exec(ctx, `SELECT pg_notify($1, $2)`, JobsChannel, FetchJob); err != nil {
		return 0, fmt.Errorf("store: queue %d fetches: notify: %w", len(due), err)
	}
	return n, nil
}
