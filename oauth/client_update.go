package oauth

import (
	"context"
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
		if err := tx.UpdateClient(ctx, c); err != nil {
			return err
		}
		out = c
		return tx.AddRevocation(ctx, changedClient+clientID, r.now().Add(changeAnnounced))
	})
	return out, err
}

// RotateClientSecret gives a confidential client a new secret; the old one
// stops working at once, tokens already issued stay valid.
func (r *Registry) RotateClientSecret(ctx context.Context, clientID string) (string, error) {
	secret := NewSecret(32)
	_, err := r.UpdateClient(ctx, clientID, func(c *store.Client) error {
		if c.SecretDigest == nil {
			return errors.New("a public client has no secret")
		}
		c.SecretDigest = Digest(secret)
		return nil
	})
	if err != nil {
		return "", err
	}
	return secret, nil
}
