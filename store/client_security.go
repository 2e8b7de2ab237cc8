package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ClientSecurity is a client's security profile: how it authenticates,
// whether it must push its authorization requests and bind its tokens,
// and its public keys. The zero value is a client as it always was.
type ClientSecurity struct {
	ClientID    string    `db:"client_id"`
	Profile     string    `db:"profile"`     // "" or "fapi2"
	AuthMethod  string    `db:"auth_method"` // "", "private_key_jwt" or "tls_client_auth"
	RequirePAR  bool      `db:"require_par"`
	RequireDPoP bool      `db:"require_dpop"`
	JWKS        string    `db:"jwks"`     // a JWK Set of public keys, or ""
	JWKSURI     string    `db:"jwks_uri"` // or where to fetch it
	TLSSubject  string    `db:"tls_subject"`
	UpdatedAt   time.Time `db:"updated_at"`
}

const securityColumns = `client_id, profile, auth_method, require_par, require_dpop, jwks, jwks_uri, tls_subject, updated_at`

// GetClientSecurity returns a client's security profile; a client without
// one gets the zero profile (with its id), never ErrNotFound.
func (db *conn) GetClientSecurity(ctx context.Context, clientID string) (ClientSecurity, error) {
	var cs ClientSecurity
	err := db.get(ctx, &cs, `SELECT `+securityColumns+` FROM oauth_client_security WHERE client_id = $1`, clientID)
	if errors.Is(err, sql.ErrNoRows) {
		return ClientSecurity{ClientID: clientID}, nil
	}
	if err != nil {
		return cs, fmt.Errorf("store: client security: %w", err)
	}
	return cs, nil
}

// SaveClientSecurity creates or replaces a client's security profile; an
// unknown client is ErrNotFound.
func (db *conn) SaveClientSecurity(ctx context.Context, cs ClientSecurity) error {
	const q = `INSERT INTO oauth_client_security (client_id, profile, auth_method, require_par, require_dpop,
		jwks, jwks_uri, tls_subject) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (client_id) DO UPDATE SET profile = $2, auth_method = $3, require_par = $4, require_dpop = $5,
		jwks = $6, jwks_uri = $7, tls_subject = $8, updated_at = now()`
	_, err := db.exec(ctx, q, cs.ClientID, cs.Profile, cs.AuthMethod, cs.RequirePAR, cs.RequireDPoP, cs.JWKS,
		cs.JWKSURI, cs.TLSSubject)
	if err != nil {
		return fmt.Errorf("store: save client security: %w", mapError(err))
	}
	return nil
}
