package store

import (
	"context"
	"fmt"
	"time"
)

// SigningKey is a private key that signs tokens from ActiveFrom until a
// newer key becomes active.
type SigningKey struct {
	Kid        string    `db:"kid"`
	Algorithm  string    `db:"algorithm"`
	PrivateKey []byte    `db:"private_key"` // PKCS #8 DER, stored sealed
	ActiveFrom time.Time `db:"active_from"`
	CreatedAt  time.Time `db:"created_at"`
}

// keyRotationLock serialises key creation between instances.
const keyRotationLock = 0x6f61757468 // "oauth"

// ListSigningKeys returns every stored key, newest activation first.
func (db *conn) ListSigningKeys(ctx context.Context) ([]SigningKey, error) {
	ks := make([]SigningKey, 0)
	if err := db.selectAll(ctx, &ks, `SELECT kid, algorithm, private_key, active_from, created_at
		FROM oauth_keys ORDER BY active_from DESC, created_at DESC`); err != nil {
		return nil, fmt.Errorf("store: list keys: %w", err)
	}
	for i := range ks {
		der, err := db.open(ks[i].PrivateKey, signingKeyRow(ks[i].Kid))
		if err != nil {
			return nil, fmt.Errorf("store: list keys: %w", err)
		}
		ks[i].PrivateKey = der
	}
	return ks, nil
}

// AddSigningKey stores k unless a key activated after notAfter exists
// already (another instance rotated first); it reports whether k was stored.
// A zero notAfter stores k unconditionally.
func (db *conn) AddSigningKey(ctx context.Context, k SigningKey, notAfter time.Time) (bool, error) {
	sealed, err := db.seal(k.PrivateKey, signingKeyRow(k.Kid))
	if err != nil {
		return false, err
	}
	added := false
	err = db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock($1)`, keyRotationLock); err != nil {
			return fmt.Errorf("store: add key: lock: %w", err)
		}
		if !notAfter.IsZero() {
			var newer bool
			if err := tx.get(ctx, &newer, `SELECT EXISTS (SELECT 1 FROM oauth_keys WHERE active_from > $1)`, notAfter); err != nil {
				return fmt.Errorf("store: add key: %w", err)
			}
			if newer {
				return nil
			}
		}
		_, err := tx.exec(ctx, `INSERT INTO oauth_keys (kid, algorithm, private_key, active_from) VALUES ($1, $2, $3, $4)`,
			k.Kid, k.Algorithm, sealed, k.ActiveFrom)
		if err != nil {
			return fmt.Errorf("store: add key: %w", mapError(err))
		}
		added = true
		return nil
	})
	return added, err
}

// DeleteSigningKey removes a key no token can need any more.
func (db *conn) DeleteSigningKey(ctx context.Context, kid string) error {
	res, err := db.exec(ctx, `DELETE FROM oauth_keys WHERE kid = $1`, kid)
	return affected("delete key", res, err)
}
