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

// Widget is a link a client created for a subject to connect (or
// reconnect) a bank, with what its subject did with it.
type Widget struct {
	ID                  int64           `db:"id"`
	ClientID            string          `db:"client_id"`
	SubjectID           string          `db:"subject_id"`
	Kind                string          `db:"kind"` // connect or reconnect
	ConnectionID        sql.NullInt64   `db:"connection_id"`
	CountryCodes        pq.StringArray  `db:"country_codes"`
	ReturnTo            string          `db:"return_to"`
	ReturnConnectionID  bool            `db:"return_connection_id"`
	ReturnWidgetIDError bool            `db:"return_widget_id_error"`
	CallbackFields      json.RawMessage `db:"callback_fields"`
	Access              string          `db:"access"`
	ConsentDays         int             `db:"consent_days"`
	LinkNonce           string          `db:"link_nonce"`
	RequestID           string          `db:"request_id"`
	GroupID             sql.NullString  `db:"group_id"`
	CreatedAt           time.Time       `db:"created_at"`
	ExpiredAt           time.Time       `db:"expired_at"`
	Openings            int             `db:"openings"`
	FirstOpenedAt       sql.NullTime    `db:"first_opened_at"`
	LastOpenedAt        sql.NullTime    `db:"last_opened_at"`
	FurthestStep        int             `db:"furthest_step"`
	Outcome             sql.NullString  `db:"outcome"`
	Locale              string          `db:"locale"` // the BCP 47 language the client asked for; "" when none
}

// WidgetConnection is a connection a widget created or renewed, with the
// status of the consent the widget started on it.
type WidgetConnection struct {
	WidgetID      int64  `db:"widget_id"`
	ConnectionID  int64  `db:"connection_id"`
	ConsentID     int64  `db:"consent_id"`
	ConsentStatus string `db:"consent_status"`
	SCAOpen       bool   `db:"sca_open"` // the consent's SCA is not complete yet
	// FetchStatus and FetchError are those of the first fetch after the
	// widget started the consent (the one its subject waited for); read
	// by WidgetConnections only, NULL before any fetch.
	FetchStatus sql.NullString `db:"fetch_status"`
	FetchError  sql.NullString `db:"fetch_error"`
}

const widgetColumns = `id, client_id, subject_id, kind, connection_id, country_codes, return_to, return_connection_id,
	return_widget_id_error, callback_fields, access, consent_days, link_nonce, request_id, group_id, created_at,
	expired_at, openings, first_opened_at, last_opened_at, furthest_step, outcome, locale`

// InsertWidget adds a widget and fills its id.
func (db *conn) InsertWidget(ctx context.Context, w *Widget) error {
	const q = `INSERT INTO widgets (client_id, subject_id, kind, connection_id, country_codes, return_to,
		return_connection_id, return_widget_id_error, callback_fields, access, consent_days, link_nonce, request_id,
		group_id, created_at, expired_at, locale)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`
	err := db.queryRow(ctx, q, w.ClientID, w.SubjectID, w.Kind, w.ConnectionID, w.CountryCodes, w.ReturnTo,
		w.ReturnConnectionID, w.ReturnWidgetIDError, w.CallbackFields, w.Access, w.ConsentDays, w.LinkNonce,
		w.RequestID, w.GroupID, w.CreatedAt, w.ExpiredAt, w.Locale).Scan(&w.ID)
	if err != nil {
		return fmt.Errorf("store: insert widget: %w", mapError(err))
	}
	return nil
}

// Widget returns a widget by id, whoever its client is (the subject's
// browser knows no client).
func (db *conn) Widget(ctx context.Context, id int64) (*Widget, error) {
	var w Widget
	err := db.get(ctx, &w, `SELECT `+widgetColumns+` FROM widgets WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: widget %d: %w", id, err)
	}
	return &w, nil
}

// WidgetsOfSubject lists a client's widgets of one subject, newest first.
func (db *conn) WidgetsOfSubject(ctx context.Context, clientID, subjectID string) ([]Widget, error) {
	list := make([]Widget, 0)
	q := `SELECT ` + widgetColumns + ` FROM widgets WHERE client_id = $1 AND subject_id = $2 ORDER BY id DESC LIMIT 1000`
	if err := db.selectAll(ctx, &list, q, clientID, subjectID); err != nil {
		return nil, fmt.Errorf("store: widgets of subject: %w", err)
	}
	return list, nil
}

// OpenWidget counts one opening of a widget at now and returns the widget
// as it is afterwards.
func (db *conn) OpenWidget(ctx context.Context, id int64, now time.Time) (*Widget, error) {
	var w Widget
	q := `UPDATE widgets SET openings = openings + 1, first_opened_at = coalesce(first_opened_at, $2),
		last_opened_at = $2 WHERE id = $1 RETURNING ` + widgetColumns
	err := db.get(ctx, &w, q, id, now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: open widget %d: %w", id, err)
	}
	return &w, nil
}

// AdvanceWidgetStep raises a widget's furthest step to step; it never
// lowers it.
func (db *conn) AdvanceWidgetStep(ctx context.Context, id int64, step int) error {
	_, err := db.exec(ctx, `UPDATE widgets SET furthest_step = $2 WHERE id = $1 AND furthest_step < $2`, id, step)
	if err != nil {
		return fmt.Errorf("store: widget %d step: %w", id, err)
	}
	return nil
}

// SetWidgetOutcome records a widget's outcome. A widget error (a refused
// opening) never replaces the consent status a completed SCA left.
func (db *conn) SetWidgetOutcome(ctx context.Context, id int64, outcome string, widgetError bool) error {
	q := `UPDATE widgets SET outcome = $2 WHERE id = $1`
	if widgetError {
		q += ` AND (outcome IS NULL OR outcome IN ('expired', 'tooManyOpenings'))`
	}
	if _, err := db.exec(ctx, q, id, outcome); err != nil {
		return fmt.Errorf("store: widget %d outcome: %w", id, err)
	}
	return nil
}

// LinkWidgetConnection records, in tx, that a widget started consent
// consentID on a connection; a later SCA of the same widget replaces it.
func (db *conn) LinkWidgetConnection(ctx context.Context, widgetID, connectionID, consentID int64) error {
	const q = `INSERT INTO widget_connections (widget_id, connection_id, consent_id) VALUES ($1, $2, $3)
		ON CONFLICT (widget_id, connection_id) DO UPDATE SET consent_id = EXCLUDED.consent_id, created_at = now()`
	if _, err := db.exec(ctx, q, widgetID, connectionID, consentID); err != nil {
		return fmt.Errorf("store: link widget %d connection %d: %w", widgetID, connectionID, mapError(err))
	}
	return nil
}

// WidgetConnections lists the connections of the given widgets in the
// order they were created, with the status of the consent each widget started.
func (db *conn) WidgetConnections(ctx context.Context, widgetIDs ...int64) ([]WidgetConnection, error) {
	list := make([]WidgetConnection, 0)
	q := `SELECT wc.widget_id, wc.connection_id, wc.consent_id, k.status AS consent_status,
		k.completed_at IS NULL AS sca_open, f.status AS fetch_status, f.error_code AS fetch_error
		FROM widget_connections wc JOIN bank_consents k ON k.id = wc.consent_id
		LEFT JOIN LATERAL (SELECT status, error_code FROM fetches
			WHERE connection_id = wc.connection_id AND requested_at >= wc.created_at ORDER BY id LIMIT 1) f ON true
		WHERE wc.widget_id = ANY($1) ORDER BY wc.widget_id, wc.created_at, wc.connection_id`
	if err := db.selectAll(ctx, &list, q, pq.Array(widgetIDs)); err != nil {
		return nil, fmt.Errorf("store: widget connections: %w", err)
	}
	return list, nil
}

// WidgetConnection returns one connection of a widget; ErrNotFound when the
// widget did not create or renew it.
func (db *conn) WidgetConnection(ctx context.Context, widgetID, connectionID int64) (*WidgetConnection, error) {
	var wc WidgetConnection
	err := db.get(ctx, &wc, `SELECT wc.widget_id, wc.connection_id, wc.consent_id, k.status AS consent_status,
		k.completed_at IS NULL AS sca_open
		FROM widget_connections wc JOIN bank_consents k ON k.id = wc.consent_id
		WHERE wc.widget_id = $1 AND wc.connection_id = $2`, widgetID, connectionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: widget %d connection %d: %w", widgetID, connectionID, err)
	}
	return &wc, nil
}

// WidgetOfConsent returns the widget that started a consent; ErrNotFound
// when the consent was started without a widget.
func (db *conn) WidgetOfConsent(ctx context.Context, consentID int64) (int64, error) {
	var id int64
	err := db.get(ctx, &id, `SELECT widget_id FROM widget_connections WHERE consent_id = $1 LIMIT 1`, consentID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: widget of consent %d: %w", consentID, err)
	}
	return id, nil
}
