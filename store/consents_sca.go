package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// BankConsent is one SCA of a connection and its outcome.
type BankConsent struct {
	ID            int64           `db:"id"`
	ConnectionID  int64           `db:"connection_id"`
	Status        string          `db:"status"`
	Trigger       string          `db:"trigger"` // connect or reconnect: the fetch it starts
	ValidUntil    sql.NullTime    `db:"valid_until"`
	Authorisation json.RawMessage `db:"authorisation"`
	GrantData     json.RawMessage `db:"grant_data"`
	RequestID     sql.NullString  `db:"request_id"`
	CreatedAt     time.Time       `db:"created_at"`
	CompletedAt   sql.NullTime    `db:"completed_at"`
}

// An open SCA has no grant data yet: it reads as JSON null, which a
// json.RawMessage can hold (SQL NULL cannot be scanned into it).
const bankConsentColumns = `k.id, k.connection_id, k.status, k.trigger, k.valid_until, k.authorisation,
	coalesce(k.grant_data, 'null'::jsonb) AS grant_data, k.request_id, k.created_at, k.completed_at`

// InsertBankConsent records an SCA of a connection; scaToken is the digest
// of the link to the bank's SCA page, or nil.
func InsertBankConsent(ctx context.Context, tx *sqlx.Tx, k *BankConsent, scaToken []byte) error {
	if k.Trigger == "" {
		k.Trigger = "connect"
	}
	const q = `INSERT INTO consents (connection_id, status, trigger, valid_until, sca_token, authorisation, grant_data,
		request_id, completed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`
	err := tx.QueryRowxContext(ctx, q, k.ConnectionID, k.Status, k.Trigger, k.ValidUntil, scaToken, k.Authorisation,
		nullJSON(k.GrantData), k.RequestID, k.CompletedAt).Scan(&k.ID, &k.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: insert consent: %w", mapError(err))
	}
	return nil
}

// CompleteBankConsent records the outcome of an SCA still open.
func CompleteBankConsent(ctx context.Context, tx *sqlx.Tx, k *BankConsent) error {
	res, err := tx.ExecContext(ctx, `UPDATE consents SET status = $2, valid_until = $3, grant_data = $4,
		completed_at = $5, sca_token = NULL WHERE id = $1 AND completed_at IS NULL`,
		k.ID, k.Status, k.ValidUntil, nullJSON(k.GrantData), k.CompletedAt)
	if err != nil {
		return fmt.Errorf("store: complete consent %d: %w", k.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	if k.Status == "ok" { // a new consent earns a new expiry notice
		if _, err := tx.ExecContext(ctx, `UPDATE connections SET expiry_notified_at = NULL WHERE id = $1`, k.ConnectionID); err != nil {
			return fmt.Errorf("store: complete consent %d: %w", k.ID, err)
		}
	}
	return nil
}

// BankConsentBySCAToken finds the open SCA a bank page link points at.
func (s *Aggregation) BankConsentBySCAToken(ctx context.Context, digest []byte) (*BankConsent, error) {
	var k BankConsent
	err := s.DB.GetContext(ctx, &k, `SELECT `+bankConsentColumns+` FROM consents k WHERE k.sca_token = $1`, digest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: consent by token: %w", err)
	}
	return &k, nil
}

// BankConsents lists the consents of one of the client's connections, newest first.
func (s *Aggregation) BankConsents(ctx context.Context, clientID string, connectionID int64) ([]BankConsent, error) {
	list := make([]BankConsent, 0)
	q := `SELECT ` + bankConsentColumns + ` FROM consents k JOIN connections c ON c.id = k.connection_id
		WHERE k.connection_id = $1 AND c.client_id = $2 ORDER BY k.id DESC`
	if err := s.DB.SelectContext(ctx, &list, q, connectionID, clientID); err != nil {
		return nil, fmt.Errorf("store: consents of %d: %w", connectionID, err)
	}
	return list, nil
}

// LatestBankConsent returns a connection's newest consent.
func (s *Aggregation) LatestBankConsent(ctx context.Context, connectionID int64) (*BankConsent, error) {
	var k BankConsent
	err := s.DB.GetContext(ctx, &k, `SELECT `+bankConsentColumns+` FROM consents k
		WHERE k.connection_id = $1 ORDER BY k.id DESC LIMIT 1`, connectionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest consent of %d: %w", connectionID, err)
	}
	return &k, nil
}

func nullJSON(b json.RawMessage) any {
	if len(b) == 0 {
		return nil
	}
	return []byte(b)
}
