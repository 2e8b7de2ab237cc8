package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// CallbackSecurity is how Openbank authenticates to a client's callback
// endpoints besides its signatures. The zero value is none of it.
type CallbackSecurity struct {
	ClientID      string `db:"client_id"`
	MTLS          bool   `db:"mtls"`            // present the operator's client certificate
	TokenURL      string `db:"token_url"`       // "": no OAuth bearer
	TokenClientID string `db:"token_client_id"` // the client id Openbank has at that token endpoint
	TokenSecret   []byte `db:"token_secret"`    // its secret; stored sealed
	TokenScope    string `db:"token_scope"`     // "": no scope asked for
}

// OAuth reports whether callbacks carry a bearer token.
func (c CallbackSecurity) OAuth() bool { return c.TokenURL != "" }

func callbackSecurityRow(clientID string) string { return sealedRow("callback_security", clientID) }

// CallbackSecurity returns a client's callback security; a client that set
// none has the zero value (for its id).
func (db *conn) CallbackSecurity(ctx context.Context, clientID string) (CallbackSecurity, error) {
	var c CallbackSecurity
	err := db.get(ctx, &c, `SELECT client_id, mtls, token_url, token_client_id, token_secret, token_scope
		FROM callback_security WHERE client_id = $1`, clientID)
	if errors.Is(err, sql.ErrNoRows) {
		return CallbackSecurity{ClientID: clientID}, nil
	}
	if err != nil {
		return c, fmt.Errorf("store: callback security: %w", err)
	}
	c.TokenSecret, err = db.open(c.TokenSecret, callbackSecurityRow(clientID))
	return c, err
}

// SetCallbackSecurity saves a client's callback security, replacing what
// it had; an unknown client is ErrNotFound.
func (db *conn) SetCallbackSecurity(ctx context.Context, c CallbackSecurity) error {
	secret, err := db.seal(c.TokenSecret, callbackSecurityRow(c.ClientID))
	if err != nil {
		return err
	}
	if !c.OAuth() {
		secret = nil
	}
	const q = `INSERT INTO callback_security (client_id, mtls, token_url, token_client_id, token_secret, token_scope)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (client_id) DO UPDATE SET mtls = $2, token_url = $3, token_client_id = $4,
			token_secret = $5, token_scope = $6, updated_at = now()`
	_, err = db.exec(ctx, q, c.ClientID, c.MTLS, c.TokenURL, c.TokenClientID, secret, c.TokenScope)
	if err != nil {
		return fmt.Errorf("store: set callback security of %q: %w", c.ClientID, mapError(err))
	}
	return nil
}
