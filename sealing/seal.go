package sealing

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
)

// version marks a value sealed in this package's format.
const version byte = 0x01

// nonceSize is the GCM nonce length.
const nonceSize = 12

// headerSize is the version byte, the key id and the nonce.
const headerSize = 1 + idSize + nonceSize

// ErrNotOpened means a sealed value is malformed, was changed, or belongs to
// another row: its tag does not verify under the key its id names.
var ErrNotOpened = errors.New("sealing: value does not open (changed, or moved from another row)")

// MissingKeyError is a value sealed with a key the keyring does not hold.
type MissingKeyError struct {
	ID   string   // the key id the value needs
	Have []string // the key ids the keyring holds
}

func (e *MissingKeyError) Error() string {
	return fmt.Sprintf("sealing: sealed with key id %s, which SECRETS_KEY does not hold (it holds %s): add the key with id %s to SECRETS_KEY",
		e.ID, strings.Join(e.Have, ", "), e.ID)
}

// IsSealed reports whether v has the form of a sealed value.
func IsSealed(v []byte) bool { return len(v) > headerSize && v[0] == version }

// KeyID returns the id of the key that sealed v.
func KeyID(v []byte) (string, error) {
	if !IsSealed(v) {
		return "", ErrNotOpened
	}
	return hex.EncodeToString(v[1 : 1+idSize]), nil
}

// Seal encrypts plain with the newest key; ad (the row's identity) must be
// given again to open it.
func (k *Keyring) Seal(plain, ad []byte) ([]byte, error) {
	ky := k.keys[0]
	out := make([]byte, headerSize, headerSize+len(plain)+ky.aead.Overhead())
	out[0] = version
	copy(out[1:], ky.id[:])
	if _, err := io.ReadFull(k.rand, out[1+idSize:headerSize]); err != nil {
		return nil, fmt.Errorf("sealing: nonce: %w", err)
	}
	return ky.aead.Seal(out, out[1+idSize:headerSize], plain, ad), nil
}

// Open decrypts a value Seal made with any key of the keyring and the same ad.
func (k *Keyring) Open(v, ad []byte) ([]byte, error) {
	if !IsSealed(v) {
		return nil, ErrNotOpened
	}
	id := v[1 : 1+idSize]
	for _, ky := range k.keys {
		if !bytes.Equal(ky.id[:], id) {
			continue
		}
		plain, err := ky.aead.Open(nil, v[1+idSize:headerSize], v[headerSize:], ad)
		if err != nil {
			return nil, ErrNotOpened
		}
		return plain, nil
	}
	return nil, &MissingKeyError{ID: hex.EncodeToString(id), Have: k.IDs()}
}
