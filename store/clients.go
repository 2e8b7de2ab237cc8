package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// Client is a registered OAuth client.
type Client struct {
	ClientID     string `db:"client_id"`
	Name         string `db:"name"`
	SecretDigest []byte `db:"secret_digest"` // nil for a public client
	// PreviousDigest is a rotated secret's digest, still accepted until
	// PreviousUntil; nil when there is none.
	PreviousDigest  []byte         `db:"previous_secret_digest"`
	PreviousUntil   sql.NullTime   `db:"previous_secret_until"`
	Grants          pq.StringArray `db:"grants"`
	RedirectURIs    pq.StringArray `db:"redirect_uris"`
	ReturnOrigins   pq.StringArray `db:"return_origins"`
	CallbackSuccess string         `db:"callback_success"`
	CallbackFailure string         `db:"callback_failure"`
	Products        pq.StringArray `db:"products"`
	CallbackHMAC    []byte         `db:"callback_hmac_secret"`       // nil: no HMAC header; stored sealed
	ExpiryNotice    int            `db:"consent_expiry_notice_days"` // 0: no consentExpiring callback
	PrivacyURL      string         `db:"privacy_url"`                // the client's privacy or support page, shown to subjects; "" when none
	RateLimit       int            `db:"rate_limit"`                 // requests per window; 0: the server's default
	Environment     string         `db:"environment"`                // "test" or "production"; "" is stored as "test"
	DefaultLocale   string         `db:"default_locale"`             // BCP 47: the language of its subjects' pages when nothing else names one; "" for none
	ClientQuotas
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

// ClientQuotas are a client's own bounds on what its subjects hold in the
// aggregation; 0 is the server's default.
type ClientQuotas struct {
	MaxSubjectConnections int `db:"max_subject_connections"` // connections of one subject
	MaxSubjectWidgets     int `db:"max_subject_widgets"`     // open widget links of one subject
	MaxConnections        int `db:"max_connections"`         // connections of the client
}

const clientColumns = `client_id, name, secret_digest, grants, redirect_uris, return_origins,
	callback_success, callback_failure, products, callback_hmac_secret, consent_expiry_notice_days,
	privacy_url, rate_limit, max_subject_connections, max_subject_widgets, max_connections,
	previous_secret_digest, previous_secret_until, created_at, updated_at, environment, default_locale`

// CreateClient stores a new client; a taken client id is ErrConflict.
func (db *conn) CreateClient(ctx context.Context, c Client) error {
	if err := db.sealClient(&c); err != nil {
		return err
	}
	const q = `INSERT INTO oauth_clients (client_id, name, secret_digest, grants, redirect_uris,
		return_origins, callback_success, callback_failure, products, callback_hmac_secret, consent_expiry_notice_days,
		privacy_url, max_subject_connections, max_subject_widgets, max_connections, environment, default_locale)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`
	_, err := db.exec(ctx, q, c.ClientID, c.Name, c.SecretDigest, list(c.Grants), list(c.RedirectURIs),
		list(c.ReturnOrigins), c.CallbackSuccess, c.CallbackFailure, list(c.Products), c.CallbackHMAC, c.ExpiryNotice,
		c.PrivacyURL, c.MaxSubjectConnections, c.MaxSubjectWidgets, c.MaxConnections, environment(c.Environment), c.DefaultLocale)
	if err != nil {
		return fmt.Errorf("store: create client: %w", mapError(err))
	}
	return nil
}

// GetClient returns the client with id, or ErrNotFound.
func (db *conn) GetClient(ctx context.Context, id string) (Client, error) {
	return db.getClient(ctx, id, "")
}

// LockClient returns the client with id, locked until the transaction
// ends, or ErrNotFound.
func (db *conn) LockClient(ctx context.Context, id string) (Client, error) {
	return db.getClient(ctx, id, " FOR UPDATE")
}

func (db *conn) getClient(ctx context.Context, id, lock string) (Client, error) {
	var c Client
	err := db.get(ctx, &c, `SELECT `+clientColumns+` FROM oauth_clients WHERE client_id = $1`+lock, id)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: client %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("store: get client: %w", err)
	}
	return c, db.openClient(&c)
}

// ClientWithThrottle is a client together with the lock of its failed
// authentications, read in one round trip by the token endpoint.
type ClientWithThrottle struct {
	Client
	LockedUntil sql.NullTime `db:"locked_until"`
}

// GetClientForAuth returns the client with id and the lock of its failed
// authentications, if any, in one round trip; an unknown client is ErrNotFound.
func (db *conn) GetClientForAuth(ctx context.Context, id string) (ClientWithThrottle, error) {
	var c ClientWithThrottle
	q := `SELECT ` + clientColumns + `,
		(SELECT locked_until FROM auth_throttle WHERE key = 'client:' || $1) AS locked_until
		FROM oauth_clients WHERE client_id = $1`
	err := db.get(ctx, &c, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: client %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("store: client for auth: %w", err)
	}
	return c, db.openClient(&c.Client)
}

// ListClients returns every client, oldest first.
func (db *conn) ListClients(ctx context.Context) ([]Client, error) {
	cs := make([]Client, 0)
	if err := db.selectAll(ctx, &cs, `SELECT `+clientColumns+` FROM oauth_clients ORDER BY created_at, client_id`); err != nil {
		return nil, fmt.Errorf("store: list clients: %w", err)
	}
	for i := range cs {
		if err := db.openClient(&cs[i]); err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// UpdateClient saves every field of c but its id and creation time.
func (db *conn) UpdateClient(ctx context.Context, c Client) error {
	if err := db.sealClient(&c); err != nil {
		return err
	}
	const q = `UPDATE oauth_clients SET name = $2, secret_digest = $3, grants = $4, redirect_uris = $5,
		return_origins = $6, callback_success = $7, callback_failure = $8, products = $9,
		callback_hmac_secret = $10, consent_expiry_notice_days = $11, privacy_url = $12,
		previous_secret_digest = $13, previous_secret_until = $14, max_subject_connections = $15,
		max_subject_widgets = $16, max_connections = $17, environment = $18, default_locale = $19, updated_at = now()
		WHERE client_id = $1`
	res, err := db.exec(ctx, q, c.ClientID, c.Name, c.SecretDigest, list(c.Grants), list(c.RedirectURIs),
		list(c.ReturnOrigins), c.CallbackSuccess, c.CallbackFailure, list(c.Products), c.CallbackHMAC, c.ExpiryNotice,
		c.PrivacyURL, c.PreviousDigest, c.PreviousUntil, c.MaxSubjectConnections, c.MaxSubjectWidgets, c.MaxConnections,
		environment(c.Environment), c.DefaultLocale)
	return affected("update client", res, err)
}

// DeleteClient removes a client and, by cascade, its grants and codes,
// and deletes its results in the same transaction, so that no result link
// of the client works after the commit.
func (db *conn) DeleteClient(ctx context.Context, id string) error {
	return db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `DELETE FROM results WHERE client_id = $1`, id); err != nil {
			return fmt.Errorf("store: delete results of client: %w", err)
		}
		res, err := tx.exec(ctx, `DELETE FROM oauth_clients WHERE client_id = $1`, id)
		return affected("delete client", res, err)
	})
}

// affected maps a statement's outcome: an error is wrapped, no row changed
// is ErrNotFound.
func affected(what string, res sql.Result, err error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}

// environment stores a client without one as a test client.
func environment(env string) string {
	if env == "" {
		return "test"
	}
	return env
}

// list stores a nil list as an empty array, not NULL.
func list(a pq.StringArray) pq.StringArray {
	if a == nil {
		return pq.StringArray{}
	}
	return a
}
