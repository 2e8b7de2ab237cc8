package oauth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"openbank/store"
)

// Keys of the revocation table: a revoked grant or client, and a changed
// client whose cached row every instance drops.
const (
	revokedGrant  = "grant:"
	revokedClient = "client:"
	changedClient = "changed:"
)

// changeAnnounced is how long a client change stays in the revocation
// table: longer than an instance's poll interval and its re-read overlap,
// so that an instance which missed the NOTIFY still reads it.
const changeAnnounced = 2 * time.Minute

// UpdateClient changes a client in one transaction: change edits the row
// read under lock, the result is validated and saved, and every instance
// is told (at commit) to drop the row it cached, so the change applies to
// the next token request, widget page and callback.
func (r *Registry) UpdateClient(ctx context.Context, clientID string, change func(*store.Client) error) (store.Client, error) {
	var out store.Client
	err := r.Store.InTx(ctx, func(tx *store.Tx) error {
		c, err := tx.LockClient(ctx, clientID)
		if err != nil {
			return err
		}
		if err := change(&c); err != nil {
			return err
		}
		if err := ValidateClient(c); err != nil {
			return err
		}
		if err := validateWithSecurity(ctx, tx, c); err != nil {
			return err
		}
		if err := tx.UpdateClient(ctx, c); err != nil {
			return err
		}
		out = c
		return tx.AddRevocation(ctx, changedClient+clientID, r.now().Add(changeAnnounced))
	})
	return out, err
}

// MaxSecretGrace is the longest a rotated secret may stay valid.
const MaxSecretGrace = 30 * 24 * time.Hour

// RotateClientSecret gives a confidential client a new secret. The old one
// stays valid until keepUntil, so that a live integration can switch over,
// or stops at once when keepUntil is not in the future; a grace period
// longer than MaxSecretGrace is refused. Tokens already issued stay valid.
func (r *Registry) RotateClientSecret(ctx context.Context, clientID string, keepUntil time.Time) (string, error) {
	now := r.now()
	if keepUntil.After(now.Add(MaxSecretGrace)) {
		return "", errors.New("the old secret may stay valid for 30 days at most")
	}
	secret := NewSecret(32)
	_, err := r.UpdateClient(ctx, clientID, func(c *store.Client) error {
		if c.SecretDigest == nil {
			return errors.New("a public client has no secret")
		}
		c.PreviousDigest, c.PreviousUntil = nil, sql.NullTime{}
		if keepUntil.After(now) {
			c.PreviousDigest, c.PreviousUntil = c.SecretDigest, sql.NullTime{Time: keepUntil, Valid: true}
		}
		c.SecretDigest = Digest(secret)
		return nil
	})
	if err != nil {
		return "", err
	}
	return secret, nil
}

// secretAccepted reports whether secret is c's current secret, or its
// previous one while that is still valid at now.
func secretAccepted(c store.Client, secret string, now time.Time) bool {
	if SecretMatches(secret, c.SecretDigest) {
		return true
	}
	return c.PreviousUntil.Valid && now.Before(c.PreviousUntil.Time) && SecretMatches(secret, c.PreviousDigest)
}
