package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lib/pq"
)

// Developer is an account of the developer portal. Its password signs in
// to the portal only; it never authenticates an API call.
type Developer struct {
	ID           int64        `db:"id"`
	Email        string       `db:"email"`
	PasswordHash string       `db:"password_hash"`
	VerifiedAt   sql.NullTime `db:"verified_at"` // the email address was verified
	ApprovedAt   sql.NullTime `db:"approved_at"` // an operator approved the account
	ApprovedBy   NullString   `db:"approved_by"`
	CreatedAt    time.Time    `db:"created_at"`
}

// Active reports whether the developer may sign in.
func (d Developer) Active() bool { return d.VerifiedAt.Valid || d.ApprovedAt.Valid }

const developerColumns = `id, email, password_hash, verified_at, approved_at, approved_by, created_at`

// CreateDeveloper stores a new account; a taken email (in any case) is ErrConflict.
func (db *conn) CreateDeveloper(ctx context.Context, d *Developer) error {
	err := db.get(ctx, d, `INSERT INTO developers (email, password_hash) VALUES ($1, $2)
		RETURNING `+developerColumns, d.Email, d.PasswordHash)
	if err != nil {
		return fmt.Errorf("store: create developer: %w", mapError(err))
	}
	return nil
}

// DeveloperByEmail finds an account by email in any case, or ErrNotFound.
func (db *conn) DeveloperByEmail(ctx context.Context, email string) (Developer, error) {
	return db.developer(ctx, `lower(email) = lower($1)`, email)
}

// Developer finds an account by id, or ErrNotFound.
func (db *conn) Developer(ctx context.Context, id int64) (Developer, error) {
	return db.developer(ctx, `id = $1`, id)
}

func (db *conn) developer(ctx context.Context, where string, arg any) (Developer, error) {
	var d Developer
	err := db.get(ctx, &d, `SELECT `+developerColumns+` FROM developers WHERE `+where, arg)
	if errors.Is(err, sql.ErrNoRows) {
		return d, missing("developer")
	}
	if err != nil {
		return d, fmt.Errorf("store: developer: %w", err)
	}
	return d, nil
}

// PendingDevelopers lists the accounts neither verified nor approved, oldest first.
func (db *conn) PendingDevelopers(ctx context.Context) ([]Developer, error) {
	out := make([]Developer, 0)
	err := db.selectAll(ctx, &out, `SELECT `+developerColumns+` FROM developers
		WHERE verified_at IS NULL AND approved_at IS NULL ORDER BY id LIMIT 200`)
	if err != nil {
		return nil, fmt.Errorf("store: pending developers: %w", err)
	}
	return out, nil
}

// ApproveDeveloper marks an account approved by admin.
func (db *conn) ApproveDeveloper(ctx context.Context, id int64, admin string, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE developers SET approved_at = $2, approved_by = $3 WHERE id = $1 AND approved_at IS NULL`, id, at, admin)
	return affected("approve developer", res, err)
}

// VerifyDeveloper marks an account's email verified.
func (db *conn) VerifyDeveloper(ctx context.Context, id int64, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE developers SET verified_at = COALESCE(verified_at, $2) WHERE id = $1`, id, at)
	return affected("verify developer", res, err)
}

// SetDeveloperPassword replaces a password hash and ends every session.
func (db *conn) SetDeveloperPassword(ctx context.Context, id int64, hash string) error {
	res, err := db.exec(ctx, `UPDATE developers SET password_hash = $2 WHERE id = $1`, id, hash)
	if err := affected("developer password", res, err); err != nil {
		return err
	}
	_, err = db.exec(ctx, `DELETE FROM developer_sessions WHERE developer_id = $1`, id)
	return err
}

// DeleteDeveloper deletes an account with its sessions, links, requests
// for production access and its ownership of clients (the clients stay).
func (db *conn) DeleteDeveloper(ctx context.Context, id int64) error {
	res, err := db.exec(ctx, `DELETE FROM developers WHERE id = $1`, id)
	return affected("delete developer", res, err)
}

// CreateDeveloperSession stores a session by its id's digest.
func (db *conn) CreateDeveloperSession(ctx context.Context, digest []byte, developerID int64, expires time.Time) error {
	_, err := db.exec(ctx, `INSERT INTO developer_sessions (digest, developer_id, expires_at) VALUES ($1, $2, $3)`, digest, developerID, expires)
	if err != nil {
		return fmt.Errorf("store: developer session: %w", mapError(err))
	}
	return nil
}

// DeveloperSession returns the developer of a live session, or ErrNotFound.
func (db *conn) DeveloperSession(ctx context.Context, digest []byte, now time.Time) (Developer, error) {
	var d Developer
	err := db.get(ctx, &d, `SELECT `+prefixed("d.", developerColumns)+` FROM developer_sessions s
		JOIN developers d ON d.id = s.developer_id WHERE s.digest = $1 AND s.expires_at > $2`, digest, now)
	if errors.Is(err, sql.ErrNoRows) {
		return d, missing("session")
	}
	if err != nil {
		return d, fmt.Errorf("store: developer session: %w", err)
	}
	return d, nil
}

// EndDeveloperSession deletes a session (and the expired ones).
func (db *conn) EndDeveloperSession(ctx context.Context, digest []byte, now time.Time) error {
	_, err := db.exec(ctx, `DELETE FROM developer_sessions WHERE digest = $1 OR expires_at <= $2`, digest, now)
	return err
}

// DeveloperLink is a one-time link of the portal, stored as its digest.
type DeveloperLink struct {
	Digest      []byte     `db:"digest"`
	DeveloperID int64      `db:"developer_id"`
	Purpose     string     `db:"purpose"` // verify, reset
	MadeBy      NullString `db:"made_by"` // the admin who made it in the console; null: emailed
	Expires     time.Time  `db:"expires_at"`
}

// CreateDeveloperLink stores a one-time link and ends, as of now, the
// developer's older unused links of its purpose, so that only the newest
// one works.
func (db *conn) CreateDeveloperLink(ctx context.Context, l DeveloperLink, now time.Time) error {
	return db.inTx(ctx, func(tx *Tx) error {
		if err := tx.endDeveloperLinks(ctx, l.DeveloperID, l.Purpose, now); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO developer_links (digest, developer_id, purpose, made_by, expires_at)
			VALUES ($1, $2, $3, $4, $5)`, l.Digest, l.DeveloperID, l.Purpose, l.MadeBy, l.Expires)
		if err != nil {
			return fmt.Errorf("store: developer link: %w", mapError(err))
		}
		return nil
	})
}

// UseDeveloperLink spends a live, unused link of purpose, ends the
// developer's other unused links of that purpose and returns the link;
// anything else is ErrNotFound.
func (db *conn) UseDeveloperLink(ctx context.Context, digest []byte, purpose string, now time.Time) (DeveloperLink, error) {
	var l DeveloperLink
	err := db.inTx(ctx, func(tx *Tx) error {
		err := tx.get(ctx, &l, `UPDATE developer_links SET used_at = $3
			WHERE digest = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
			RETURNING digest, developer_id, purpose, made_by, expires_at`, digest, purpose, now)
		if errors.Is(err, sql.ErrNoRows) {
			return missing("link")
		}
		if err != nil {
			return fmt.Errorf("store: use developer link: %w", err)
		}
		return tx.endDeveloperLinks(ctx, l.DeveloperID, purpose, now)
	})
	return l, err
}

// endDeveloperLinks makes a developer's unused links of purpose expire now.
func (db *conn) endDeveloperLinks(ctx context.Context, developerID int64, purpose string, now time.Time) error {
	_, err := db.exec(ctx, `UPDATE developer_links SET expires_at = $3
		WHERE developer_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`, developerID, purpose, now)
	if err != nil {
		return fmt.Errorf("store: end developer links: %w", err)
	}
	return nil
}

// AddDeveloperApp records that a developer owns a client.
func (db *conn) AddDeveloperApp(ctx context.Context, developerID int64, clientID string) error {
	_, err := db.exec(ctx, `INSERT INTO developer_apps (client_id, developer_id) VALUES ($1, $2)`, clientID, developerID)
	if err != nil {
		return fmt.Errorf("store: developer app: %w", mapError(err))
	}
	return nil
}

// DeveloperApps lists the clients a developer owns, oldest first.
func (db *conn) DeveloperApps(ctx context.Context, developerID int64) ([]Client, error) {
	cs := make([]Client, 0)
	err := db.selectAll(ctx, &cs, `SELECT `+prefixed("c.", clientColumns)+` FROM developer_apps a
		JOIN oauth_clients c ON c.client_id = a.client_id WHERE a.developer_id = $1 ORDER BY a.created_at, c.client_id`, developerID)
	if err != nil {
		return nil, fmt.Errorf("store: developer apps: %w", err)
	}
	for i := range cs {
		if err := db.openClient(&cs[i]); err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// DeveloperOwns reports whether a developer owns a client.
func (db *conn) DeveloperOwns(ctx context.Context, developerID int64, clientID string) (bool, error) {
	var n int
	err := db.get(ctx, &n, `SELECT count(*) FROM developer_apps WHERE developer_id = $1 AND client_id = $2`, developerID, clientID)
	if err != nil {
		return false, fmt.Errorf("store: developer owns: %w", err)
	}
	return n > 0, nil
}

// APIError is a mutating API call of a client that was answered with an
// error, as kept for idempotent retries.
type APIError struct {
	RequestID string    `db:"request_id"`
	Method    string    `db:"method"`
	Path      string    `db:"path"`
	Status    int       `db:"status"`
	Body      []byte    `db:"body"`
	At        time.Time `db:"created_at"`
}

// RecentAPIErrors lists a client's newest answered errors, at most limit.
func (db *conn) RecentAPIErrors(ctx context.Context, clientID string, limit int) ([]APIError, error) {
	out := make([]APIError, 0)
	err := db.selectAll(ctx, &out, `SELECT request_id, method, path, status, COALESCE(body, '') AS body, created_at
		FROM idempotent_requests WHERE client_id = $1 AND status >= 400 ORDER BY created_at DESC LIMIT $2`, clientID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: recent API errors: %w", err)
	}
	return out, nil
}

// RecentCallbacks lists a client's newest callbacks, at most limit.
func (db *conn) RecentCallbacks(ctx context.Context, clientID string, limit int) ([]Callback, error) {
	out := make([]Callback, 0)
	err := db.selectAll(ctx, &out, `SELECT `+callbackColumns+` FROM callbacks WHERE client_id = $1
		ORDER BY created_at DESC LIMIT $2`, clientID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: recent callbacks: %w", err)
	}
	return out, nil
}

// ProductionRequest is a developer's request for production credentials
// of a test application.
type ProductionRequest struct {
	ID                 int64          `db:"id"`
	DeveloperID        int64          `db:"developer_id"`
	DeveloperEmail     string         `db:"email"`
	TestClientID       NullString     `db:"test_client_id"`
	AppName            string         `db:"app_name"`
	Products           pq.StringArray `db:"products"`
	Note               string         `db:"note"`
	Status             string         `db:"status"` // pending, approved, refused
	Reason             string         `db:"reason"`
	ProductionClientID NullString     `db:"production_client_id"`
	SecretIssued       bool           `db:"secret_issued"`
	DecidedBy          NullString     `db:"decided_by"`
	DecidedAt          sql.NullTime   `db:"decided_at"`
	CreatedAt          time.Time      `db:"created_at"`
}

const requestColumns = `r.id, r.developer_id, d.email, r.test_client_id, r.app_name, r.products, r.note, r.status,
	r.reason, r.production_client_id, r.secret_issued, r.decided_by, r.decided_at, r.created_at`

// CreateProductionRequest stores a pending request; a second pending one
// for the same application is ErrConflict.
func (db *conn) CreateProductionRequest(ctx context.Context, r *ProductionRequest) error {
	err := db.get(ctx, &r.ID, `INSERT INTO production_requests (developer_id, test_client_id, app_name, products, note)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, r.DeveloperID, r.TestClientID, r.AppName, list(r.Products), r.Note)
	if err != nil {
		return fmt.Errorf("store: production request: %w", mapError(err))
	}
	return nil
}

// ProductionRequests lists requests, newest first: of one developer when
// developerID is not 0, else every one (pending first).
func (db *conn) ProductionRequests(ctx context.Context, developerID int64) ([]ProductionRequest, error) {
	out := make([]ProductionRequest, 0)
	q := `SELECT ` + requestColumns + ` FROM production_requests r JOIN developers d ON d.id = r.developer_id
		WHERE $1 = 0 OR r.developer_id = $1 ORDER BY (r.status = 'pending') DESC, r.id DESC LIMIT 200`
	if err := db.selectAll(ctx, &out, q, developerID); err != nil {
		return nil, fmt.Errorf("store: production requests: %w", err)
	}
	return out, nil
}

// ProductionRequest returns one request, or ErrNotFound; with lock it is
// locked until the transaction ends.
func (db *conn) ProductionRequest(ctx context.Context, id int64, lock bool) (ProductionRequest, error) {
	var r ProductionRequest
	q := `SELECT ` + requestColumns + ` FROM production_requests r JOIN developers d ON d.id = r.developer_id WHERE r.id = $1`
	if lock {
		q += ` FOR UPDATE OF r`
	}
	err := db.get(ctx, &r, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return r, missing("production request")
	}
	if err != nil {
		return r, fmt.Errorf("store: production request: %w", err)
	}
	return r, nil
}

// DecideProductionRequest records an admin's decision on a pending request.
func (db *conn) DecideProductionRequest(ctx context.Context, r ProductionRequest) error {
	res, err := db.exec(ctx, `UPDATE production_requests SET status = $2, reason = $3, production_client_id = $4,
		decided_by = $5, decided_at = $6 WHERE id = $1 AND status = 'pending'`,
		r.ID, r.Status, r.Reason, r.ProductionClientID, r.DecidedBy, r.DecidedAt)
	return affected("decide production request", res, err)
}

// MarkSecretIssued records that a production secret was shown; it is true
// only for the first caller.
func (db *conn) MarkSecretIssued(ctx context.Context, id int64) (bool, error) {
	res, err := db.exec(ctx, `UPDATE production_requests SET secret_issued = true
		WHERE id = $1 AND status = 'approved' AND NOT secret_issued`, id)
	if err != nil {
		return false, fmt.Errorf("store: secret issued: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// prefixed qualifies each of a list of columns with prefix ("c.").
func prefixed(prefix, columns string) string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		parts[i] = prefix + strings.TrimSpace(p)
	}
	return strings.Join(parts, ", ")
}
