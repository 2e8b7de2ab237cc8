package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Connection links a subject of a client to a provider.
type Connection struct {
	ID                    int64           `db:"id"`
	ClientID              string          `db:"client_id"`
	SubjectID             string          `db:"subject_id"`
	Provider              string          `db:"provider"`
	Access                string          `db:"access"`
	ConsentDays           int             `db:"consent_days"`
	CallbackFields        json.RawMessage `db:"callback_fields"`
	ReturnTo              sql.NullString  `db:"return_to"`
	RequestID             string          `db:"request_id"`
	GroupID               sql.NullString  `db:"group_id"`
	CreatedAt             time.Time       `db:"created_at"`
	LastFetchAt           sql.NullTime    `db:"last_fetch_at"`
	LastSuccessfulFetchAt sql.NullTime    `db:"last_successful_fetch_at"`
	// From the newest consent.
	LastConsentStatus sql.NullString `db:"last_consent_status"`
	ConsentValidUntil sql.NullTime   `db:"consent_valid_until"`
	ConsentID         sql.NullInt64  `db:"consent_id"`
	SCAError          sql.NullString `db:"sca_error"` // why the last try of an open SCA failed
	// From the newest fetch; not valid before the first.
	LatestFetch LatestFetch `db:"latest_fetch"`
}

// LatestFetch is the state of a connection's newest fetch.
type LatestFetch struct {
	ID                   sql.NullInt64  `db:"id"`
	Trigger              sql.NullString `db:"trigger"`
	Status               sql.NullString `db:"status"`
	RequestedAt          sql.NullTime   `db:"requested_at"`
	StartedAt            sql.NullTime   `db:"started_at"`
	FinishedAt           sql.NullTime   `db:"finished_at"`
	ErrorCode            sql.NullString `db:"error_code"`
	ErrorReason          sql.NullString `db:"error_reason"`
	FlagErrorRecoverable sql.NullBool   `db:"flag_error_recoverable"`
	TransactionsAdded    sql.NullInt64  `db:"transactions_added"`
}

const connectionColumns = `c.id, c.client_id, c.subject_id, c.provider, c.access, c.consent_days, c.callback_fields,
	c.return_to, c.request_id, c.group_id, c.created_at, c.last_fetch_at, c.last_successful_fetch_at,
	k.status AS last_consent_status, k.valid_until AS consent_valid_until, k.id AS consent_id, k.sca_error,
	lf.id AS "latest_fetch.id", lf.trigger AS "latest_fetch.trigger", lf.status AS "latest_fetch.status",
	lf.requested_at AS "latest_fetch.requested_at", lf.started_at AS "latest_fetch.started_at",
	lf.finished_at AS "latest_fetch.finished_at", lf.error_code AS "latest_fetch.error_code",
	lf.error_reason AS "latest_fetch.error_reason", lf.flag_error_recoverable AS "latest_fetch.flag_error_recoverable",
	lf.transactions_added AS "latest_fetch.transactions_added"`

// consentFrom joins each connection's newest consent.
const consentFrom = ` FROM connections c LEFT JOIN LATERAL (
	SELECT id, status, valid_until, sca_error FROM bank_consents WHERE connection_id = c.id ORDER BY id DESC LIMIT 1) k ON true`

// connectionFrom joins each connection's newest consent and newest fetch.
const connectionFrom = consentFrom + ` LEFT JOIN LATERAL (
	SELECT id, trigger, status, requested_at, started_at, finished_at, error_code, error_reason,
		flag_error_recoverable, transactions_added
	FROM fetches WHERE connection_id = c.id ORDER BY id DESC LIMIT 1) lf ON true`

// InsertConnection adds a connection and fills its id and creation time.
func (db *conn) InsertConnection(ctx context.Context, c *Connection) error {
	const q = `INSERT INTO connections (client_id, subject_id, provider, access, consent_days, callback_fields,
		return_to, request_id, group_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`
	err := db.queryRow(ctx, q, c.ClientID, c.SubjectID, c.Provider, c.Access, c.ConsentDays,
		c.CallbackFields, c.ReturnTo, c.RequestID, c.GroupID).Scan(&c.ID, &c.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: insert connection: %w", mapError(err))
	}
	return nil
}

// Connection returns one of the client's connections with its newest consent.
func (db *conn) Connection(ctx context.Context, clientID string, id int64) (*Connection, error) {
	var c Connection
	err := db.get(ctx, &c, `SELECT `+connectionColumns+connectionFrom+` WHERE c.id = $1 AND c.client_id = $2`, id, clientID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: connection %d: %w", id, err)
	}
	return &c, nil
}

// ConnectionByID returns a connection whoever its client is (for jobs).
func (db *conn) ConnectionByID(ctx context.Context, id int64) (*Connection, error) {
	var c Connection
	err := db.get(ctx, &c, `SELECT `+connectionColumns+connectionFrom+` WHERE c.id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: connection %d: %w", id, err)
	}
	return &c, nil
}

// Connections lists a client's connections, optionally of one subject,
// newest first, with the total count.
func (db *conn) Connections(ctx context.Context, clientID, subjectID string, page, size int) ([]Connection, int64, error) {
	list := make([]Connection, 0, size)
	const where = ` WHERE c.client_id = $1 AND ($2 = '' OR c.subject_id = $2)`
	q := `SELECT ` + connectionColumns + connectionFrom + where + ` ORDER BY c.id DESC LIMIT $3 OFFSET $4`
	if err := db.selectAll(ctx, &list, q, clientID, subjectID, size, page*size); err != nil {
		return nil, 0, fmt.Errorf("store: connections: %w", err)
	}
	var total int64
	if err := db.get(ctx, &total, `SELECT count(*) FROM connections c`+where, clientID, subjectID); err != nil {
		return nil, 0, fmt.Errorf("store: count connections: %w", err)
	}
	return list, total, nil
}

// LockConnection locks a connection row for the rest of tx.
func (db *conn) LockConnection(ctx context.Context, id int64) error {
	var one int
	err := db.get(ctx, &one, `SELECT 1 FROM connections WHERE id = $1 FOR UPDATE`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: lock connection %d: %w", id, err)
	}
	return nil
}

// RecurringDue lists recurring connections whose newest consent is ok and
// valid at now, whose last fetch ended before since, and that have no fetch
// queued or running (a connection still on its first fetch is not due).
func (db *conn) RecurringDue(ctx context.Context, now, since time.Time) ([]int64, error) {
	ids := make([]int64, 0)
	q := `SELECT c.id` + consentFrom + `
		WHERE c.access = 'recurring' AND k.status = 'ok' AND k.valid_until > $1 AND c.last_fetch_at < $2
		  AND NOT EXISTS (SELECT 1 FROM fetches f WHERE f.connection_id = c.id AND f.status IN ('queued', 'running'))
		ORDER BY c.id`
	if err := db.selectAll(ctx, &ids, q, now, since); err != nil {
		return nil, fmt.Errorf("store: recurring connections: %w", err)
	}
	return ids, nil
}

// ExpiringSoon lists recurring connections whose ok consent ends between
// now and horizon and that were not yet told so.
func (db *conn) ExpiringSoon(ctx context.Context, now, horizon time.Time) ([]Connection, error) {
	list := make([]Connection, 0)
	q := `SELECT ` + connectionColumns + connectionFrom + `
		WHERE c.access = 'recurring' AND k.status = 'ok' AND k.valid_until > $1 AND k.valid_until <= $2
		  AND c.expiry_notified_at IS NULL
		ORDER BY c.id`
	if err := db.selectAll(ctx, &list, q, now, horizon); err != nil {
		return nil, fmt.Errorf("store: expiring consents: %w", err)
	}
	return list, nil
}

// MarkExpiryNotified records that a connection's expiry notice was queued.
func (db *conn) MarkExpiryNotified(ctx context.Context, id int64, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE connections SET expiry_notified_at = $2 WHERE id = $1`, id, now)
	if err != nil {
		return fmt.Errorf("store: mark expiry notified %d: %w", id, err)
	}
	return nil
}
