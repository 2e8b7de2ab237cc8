package store

import (
	"context"
	"errors"
	"fmt"

	"openbank/sealing"
)

// secretColumn is a column holding sealed secrets, with the statements that
// read (locked, in key order) and rewrite one of its values.
type secretColumn struct {
	table  string
	read   string
	update string
}

// secretColumns lists every column of sealed secrets.
var secretColumns = []secretColumn{
	{"oauth_keys", `SELECT kid, private_key FROM oauth_keys ORDER BY kid FOR UPDATE`,
		`UPDATE oauth_keys SET private_key = $2 WHERE kid = $1`},
	{"settings", `SELECT name, value FROM settings ORDER BY name FOR UPDATE`,
		`UPDATE settings SET value = $2 WHERE name = $1`},
	{"oauth_clients", `SELECT client_id, callback_hmac_secret FROM oauth_clients
		WHERE callback_hmac_secret IS NOT NULL ORDER BY client_id FOR UPDATE`,
		`UPDATE oauth_clients SET callback_hmac_secret = $2 WHERE client_id = $1`},
	{"callback_security", `SELECT client_id, token_secret FROM callback_security
		WHERE token_secret IS NOT NULL ORDER BY client_id FOR UPDATE`,
		`UPDATE callback_security SET token_secret = $2 WHERE client_id = $1`},
}

// ResealCount is what Reseal found in one table.
type ResealCount struct {
	Table    string `json:"table"`
	Values   int    `json:"values"`   // sealed values after the pass
	Resealed int    `json:"resealed"` // of them, sealed again by this pass
	Plain    int    `json:"plain"`    // of them, found plain and sealed for the first time
}

// Reseal opens every stored secret, in one transaction, and seals again
// the plain ones (from before migration 0013) and, when all is set, every
// one not sealed with the newest key. A value whose key the keyring lacks
// fails the whole pass with a *sealing.MissingKeyError naming its key id.
func (s *Store) Reseal(ctx context.Context, all bool) ([]ResealCount, error) {
	if s.seals == nil {
		return nil, errors.New("store: reseal: no SECRETS_KEY keyring")
	}
	counts := make([]ResealCount, 0, len(secretColumns))
	err := s.inTx(ctx, func(tx *Tx) error {
		counts = counts[:0]
		for _, col := range secretColumns {
			n, err := tx.resealColumn(ctx, col, all)
			if err != nil {
				return err
			}
			counts = append(counts, n)
		}
		return nil
	})
	return counts, err
}

// storedSecret is one row of a secret column.
type storedSecret struct {
	Key   string
	Value []byte
}

func (db *conn) resealColumn(ctx context.Context, col secretColumn, all bool) (ResealCount, error) {
	n := ResealCount{Table: col.table}
	rows, err := db.q().QueryxContext(ctx, col.read)
	if err != nil {
		return n, fmt.Errorf("store: reseal %s: %w", col.table, err)
	}
	var found []storedSecret
	for rows.Next() {
		var r storedSecret
		if err := rows.Scan(&r.Key, &r.Value); err != nil {
			rows.Close()
			return n, fmt.Errorf("store: reseal %s: %w", col.table, err)
		}
		found = append(found, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("store: reseal %s: %w", col.table, err)
	}
	for _, r := range found {
		if err := db.resealValue(ctx, col, r, all, &n); err != nil {
			return n, err
		}
	}
	return n, nil
}

// resealValue opens one value and writes it back sealed with the newest
// key when it was plain or, with all, sealed with an older key.
func (db *conn) resealValue(ctx context.Context, col secretColumn, r storedSecret, all bool, n *ResealCount) error {
	row := sealedRow(col.table, r.Key)
	plain, err := db.open(r.Value, row)
	if err != nil {
		return err
	}
	n.Values++
	id, idErr := sealing.KeyID(r.Value)
	wasPlain := idErr != nil
	if !wasPlain && (!all || id == db.seals.Newest()) {
		return nil
	}
	sealed, err := db.seal(plain, row)
	if err != nil {
		return err
	}
	if _, err := db.exec(ctx, col.update, r.Key, sealed); err != nil {
		return fmt.Errorf("store: reseal %s: %w", row, err)
	}
	if wasPlain {
		n.Plain++
	} else {
		n.Resealed++
	}
	return nil
}
