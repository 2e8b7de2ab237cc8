package store

import (
	"fmt"

	"openbank/sealing"
)

// plainTag starts a secret column's value that is not sealed: one an
// earlier version stored (migration 0013 tags those) or one a store without
// a keyring wrote. Sealed values start with the sealing format's version.
const plainTag = 0x00

// SealWith makes the store seal every secret column it writes — signing
// keys, settings, clients' callback HMAC secrets — with the newest key of
// keys and open them with any of its keys. Call it before the store is used.
// A store without a keyring (tests) keeps those values tagged plain.
func (s *Store) SealWith(keys *sealing.Keyring) { s.seals = keys }

// Keyring is the keyring the store seals with, nil if none.
func (s *Store) Keyring() *sealing.Keyring { return s.seals }

// seal is the stored form of a secret of row (its table and key): sealed
// with the newest key, or tagged plain without a keyring. nil stays nil.
func (db *conn) seal(plain []byte, row string) ([]byte, error) {
	if plain == nil {
		return nil, nil
	}
	if db.seals == nil {
		return append([]byte{plainTag}, plain...), nil
	}
	v, err := db.seals.Seal(plain, []byte(row))
	if err != nil {
		return nil, fmt.Errorf("store: seal %s: %w", row, err)
	}
	return v, nil
}

// open reads a secret column's stored value of row; nil stays nil.
func (db *conn) open(v []byte, row string) ([]byte, error) {
	switch {
	case v == nil:
		return nil, nil
	case len(v) > 0 && v[0] == plainTag:
		return v[1:], nil
	case !sealing.IsSealed(v):
		return nil, fmt.Errorf("store: open %s: neither sealed nor tagged plain", row)
	case db.seals == nil:
		id, err := sealing.KeyID(v)
		if err != nil {
			return nil, fmt.Errorf("store: open %s: %w", row, err)
		}
		return nil, fmt.Errorf("store: open %s: sealed with key id %s, and no SECRETS_KEY is configured", row, id)
	}
	plain, err := db.seals.Open(v, []byte(row))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", row, err)
	}
	return plain, nil
}

// sealedRow names a secret's row for its additional data and messages.
func sealedRow(table, key string) string { return table + "/" + key }

// Row identities of the secret columns.
func signingKeyRow(kid string) string        { return sealedRow("oauth_keys", kid) }
func settingRow(name string) string          { return sealedRow("settings", name) }
func clientSecretRow(clientID string) string { return sealedRow("oauth_clients", clientID) }

// sealClient seals the callback HMAC secret of a client about to be written.
func (db *conn) sealClient(c *Client) error {
	sealed, err := db.seal(c.CallbackHMAC, clientSecretRow(c.ClientID))
	if err != nil {
		return err
	}
	c.CallbackHMAC = sealed
	return nil
}

// openClient opens the callback HMAC secret of a client just read.
func (db *conn) openClient(c *Client) error {
	secret, err := db.open(c.CallbackHMAC, clientSecretRow(c.ClientID))
	if err != nil {
		return err
	}
	c.CallbackHMAC = secret
	return nil
}
