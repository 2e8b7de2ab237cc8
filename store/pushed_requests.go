package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// PushedRequest is a pushed authorization request (RFC 9126): the
// parameters a client sent to /oauth2/par, under the digest of its
// request_uri.
type PushedRequest struct {
	ClientID  string
	Params    map[string]string
	ExpiresAt time.Time
}

// CreatePushedRequest stores a pushed request under digest.
func (db *conn) CreatePushedRequest(ctx context.Context, digest []byte, pr PushedRequest) error {
	params, err := json.Marshal(pr.Params)
	if err != nil {
		return fmt.Errorf("store: pushed request: %w", err)
	}
	_, err = db.exec(ctx, `INSERT INTO oauth_pushed_requests (digest, client_id, params, expires_at)
		VALUES ($1, $2, $3, $4)`, digest, pr.ClientID, params, pr.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: create pushed request: %w", mapError(err))
	}
	return nil
}

type pushedRow struct {
	ClientID  string    `db:"client_id"`
	Params    []byte    `db:"params"`
	ExpiresAt time.Time `db:"expires_at"`
}

func (r pushedRow) request() (PushedRequest, error) {
	pr := PushedRequest{ClientID: r.ClientID, ExpiresAt: r.ExpiresAt}
	if err := json.Unmarshal(r.Params, &pr.Params); err != nil {
		return pr, fmt.Errorf("store: pushed request params: %w", err)
	}
	return pr, nil
}

// RedeemPushedRequest spends the request_uri with digest of clientID at
// now, once: the interaction it starts goes on under handle until
// interactionEnds. A request_uri unknown, another client's, expired or
// redeemed before is ErrNotFound.
func (db *conn) RedeemPushedRequest(ctx context.Context, digest []byte, clientID string, now time.Time,
	handle []byte, interactionEnds time.Time) (PushedRequest, error) {
	var r pushedRow
	err := db.get(ctx, &r, `UPDATE oauth_pushed_requests SET redeemed_at = $3, handle = $4, expires_at = $5
		WHERE digest = $1 AND client_id = $2 AND redeemed_at IS NULL AND expires_at > $3
		RETURNING client_id, params, expires_at`, digest, clientID, now, handle, interactionEnds)
	if errors.Is(err, sql.ErrNoRows) {
		return PushedRequest{}, fmt.Errorf("store: request_uri: %w", ErrNotFound)
	}
	if err != nil {
		return PushedRequest{}, fmt.Errorf("store: redeem pushed request: %w", err)
	}
	return r.request()
}

// PushedInteraction returns the pushed request of an interaction in
// progress (its handle's digest), or ErrNotFound when there is none, it
// ended or it expired.
func (db *conn) PushedInteraction(ctx context.Context, handle []byte, clientID string, now time.Time) (PushedRequest, error) {
	var r pushedRow
	err := db.get(ctx, &r, `SELECT client_id, params, expires_at FROM oauth_pushed_requests
		WHERE handle = $1 AND client_id = $2 AND finished_at IS NULL AND expires_at > $3`, handle, clientID, now)
	if errors.Is(err, sql.ErrNoRows) {
		return PushedRequest{}, fmt.Errorf("store: interaction: %w", ErrNotFound)
	}
	if err != nil {
		return PushedRequest{}, fmt.Errorf("store: pushed interaction: %w", err)
	}
	return r.request()
}

// FinishPushedInteraction ends an interaction, once: a second call, or one
// for an interaction that ended or expired, is ErrNotFound.
func (db *conn) FinishPushedInteraction(ctx context.Context, handle []byte, now time.Time) error {
	res, err := db.exec(ctx, `UPDATE oauth_pushed_requests SET finished_at = $2
		WHERE handle = $1 AND finished_at IS NULL AND expires_at > $2`, handle, now)
	return affected("finish interaction", res, err)
}
