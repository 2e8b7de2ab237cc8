package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// BankConsent is one SCA of a connection and its outcome.
type BankConsent struct {
	ID            int64           `db:"id"`
	ConnectionID  int64           `db:"connection_id"`
	Status        string          `db:"status"`
	Trigger       string          `db:"trigger"` // connect or reconnect: the fetch it starts
	ValidUntil    sql.NullTime    `db:"valid_until"`
	Authorisation json.RawMessage `db:"authorisation"`
	GrantData     []byte          `db:"grant_data"` // JSON, or nil
	RequestID     sql.NullString  `db:"request_id"`
	CreatedAt     time.Time       `db:"created_at"`
	CompletedAt   sql.NullTime    `db:"completed_at"`
	SCAError      sql.NullString  `db:"sca_error"`    // why the last try of an open SCA failed
	SCAFailures   int             `db:"sca_failures"` // failed tries of this SCA
}

const bankConsentColumns = `k.id, k.connection_id, k.status, k.trigger, k.valid_until, k.authorisation, k.grant_data,
	k.request_id, k.created_at, k.completed_at, k.sca_error, k.sca_failures`

// RecordSCAFailure counts a failed try of an open SCA with its reason and
// returns the count; ErrConflict when the SCA is no longer open.
func (db *conn) RecordSCAFailure(ctx context.Context, consentID int64, reason string) (int, error) {
	var failures int
	err := db.get(ctx, &failures, `UPDATE bank_consents SET sca_error = $2, sca_failures = sca_failures + 1
		WHERE id = $1 AND completed_at IS NULL RETURNING sca_failures`, consentID, reason)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("store: SCA failure of %d: %w", consentID, err)
	}
	return failures, nil
}

// UpdateSCAAuthorisation replaces an open SCA's authorisation, e.g. with
// the bank's challenge for a one-time code, and clears its last error.
func (db *conn) UpdateSCAAuthorisation(ctx context.Context, consentID int64, authorisation []byte) error {
	res, err := db.exec(ctx, `UPDATE bank_consents SET authorisation = $2, sca_error = NULL
		WHERE id = $1 AND completed_at IS NULL`, consentID, authorisation)
	if err != nil {
		return fmt.Errorf("store: SCA authorisation of %d: %w", consentID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrConflict
	}
	return nil
}

// InsertBankConsent records an SCA of a connection; scaToken is the digest
// of the link to the bank's SCA page, or nil.
func (db *conn) InsertBankConsent(ctx context.Context, k *BankConsent, scaToken []byte) error {
	if k.Trigger == "" {
		k.Trigger = "connect"
	}
	const q = `INSERT INTO bank_consents (connection_id, status, trigger, valid_until, sca_token, authorisation, grant_data,
		request_id, completed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`
	err := db.queryRow(ctx, q, k.ConnectionID, k.Status, k.Trigger, k.ValidUntil, scaToken, k.Authorisation,
		nullJSON(k.GrantData), k.RequestID, k.CompletedAt).Scan(&k.ID, &k.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: insert consent: %w", mapError(err))
	}
	return nil
}

// CompleteBankConsent records the outcome of an SCA still open;
// renewsExpiryNotice clears the connection's expiry notice, so that the new
// consent earns one of its own.
func (db *conn) CompleteBankConsent(ctx context.Context, k *BankConsent, renewsExpiryNotice bool) error {
	res, err := db.exec(ctx, `UPDATE bank_consents SET status = $2, valid_until = $3, grant_data = $4,
		completed_at = $5, used_sca_token = sca_token, sca_token = NULL, sca_error = CASE WHEN $2 = 'ok' THEN NULL ELSE sca_error END
		WHERE id = $1 AND completed_at IS NULL`,
		k.ID, k.Status, k.ValidUntil, nullJSON(k.GrantData), k.CompletedAt)
	if err != nil {
		return fmt.Errorf("store: complete consent %d: %w", k.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: complete consent %d: %w", k.ID, err)
	}
	if n == 0 {
		return ErrConflict
	}
	if renewsExpiryNotice {
		if _, err := db.exec(ctx, `UPDATE connections SET expiry_notified_at = NULL WHERE id = $1`, k.ConnectionID); err != nil {
			return fmt.Errorf("store: complete consent %d: %w", k.ID, err)
		}
	}
	return nil
}

// BankConsentBySCAToken finds the open SCA a bank page link points at.
func (db *conn) BankConsentBySCAToken(ctx context.Context, digest []byte) (*BankConsent, error) {
	var k BankConsent
	err := db.get(ctx, &k, `SELECT `+bankConsentColumns+` FROM bank_consents k WHERE k.sca_token = $1`, digest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: consent by token: %w", err)
	}
	return &k, nil
}

// BankConsentByUsedSCAToken returns the consent whose finished SCA's bank
// page link had the token of digest, or ErrNotFound.
func (db *conn) BankConsentByUsedSCAToken(ctx context.Context, digest []byte) (*BankConsent, error) {
	var k BankConsent
	err := db.get(ctx, &k, `SELECT `+bankConsentColumns+` FROM bank_consents k WHERE k.used_sca_token = $1`, digest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: consent by used token: %w", err)
	}
	return &k, nil
}

// BankConsents lists the consents of one of the client's connections, newest first.
func (db *conn) BankConsents(ctx context.Context, clientID string, connectionID int64) ([]BankConsent, error) {
	list := make([]BankConsent, 0)
	q := `SELECT ` + bankConsentColumns + ` FROM bank_consents k JOIN connections c ON c.id = k.connection_id
		WHERE k.connection_id = $1 AND c.client_id = $2 ORDER BY k.id DESC`
	if err := db.selectAll(ctx, &list, q, connectionID, clientID); err != nil {
		return nil, fmt.Errorf("store: consents of %d: %w", connectionID, err)
	}
	return list, nil
}

// LatestBankConsent returns a connection's newest consent.
func (db *conn) LatestBankConsent(ctx context.Context, connectionID int64) (*BankConsent, error) {
	var k BankConsent
	err := db.get(ctx, &k, `SELECT `+bankConsentColumns+` FROM bank_consents k
		WHERE k.connection_id = $1 ORDER BY k.id DESC LIMIT 1`, connectionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest consent of %d: %w", connectionID, err)
	}
	return &k, nil
}

func nullJSON(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return []byte(b)
}
