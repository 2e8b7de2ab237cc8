package sealing

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
)

// KeySize is the length of a system key: 32 bytes, for AES-256.
const KeySize = 32

// idSize is the length of a key id inside a sealed value.
const idSize = 4

// key is one system key ready to seal and open.
type key struct {
	id   [idSize]byte
	aead cipher.AEAD
}

// Keyring holds the system keys, newest first: the newest seals, every one
// opens what it sealed.
type Keyring struct {
	keys []key
	rand io.Reader
}

// NewKeyring makes a keyring of raw 32-byte keys, newest first.
func NewKeyring(secrets ...[]byte) (*Keyring, error) {
	if len(secrets) == 0 {
		return nil, errors.New("sealing: no key given")
	}
	k := &Keyring{rand: rand.Reader}
	seen := make(map[[idSize]byte]bool, len(secrets))
	for i, s := range secrets {
		if len(s) != KeySize {
			return nil, fmt.Errorf("sealing: key %d is %d bytes, want %d", i+1, len(s), KeySize)
		}
		ky, err := newKey(s)
		if err != nil {
			return nil, err
		}
		if seen[ky.id] {
			return nil, fmt.Errorf("sealing: key %d repeats key id %x", i+1, ky.id)
		}
		seen[ky.id] = true
		k.keys = append(k.keys, ky)
	}
	return k, nil
}

// ParseKeyring reads a comma-separated list of base64 keys, newest first,
// as SECRETS_KEY holds them.
func ParseKeyring(list string) (*Keyring, error) {
	var secrets [][]byte
	for i, field := range strings.Split(list, ",") {
		s, err := decodeKey(strings.TrimSpace(field))
		if err != nil {
			return nil, fmt.Errorf("sealing: key %d: %w", i+1, err)
		}
		secrets = append(secrets, s)
	}
	return NewKeyring(secrets...)
}

// GenerateKey returns a new random key in the base64 form ParseKeyring reads.
func GenerateKey() (string, error) {
	b := make([]byte, KeySize)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("sealing: generate key: %w", err)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// Newest is the id of the key that seals.
func (k *Keyring) Newest() string { return hex.EncodeToString(k.keys[0].id[:]) }

// IDs lists the ids of every key, newest first.
func (k *Keyring) IDs() []string {
	ids := make([]string, len(k.keys))
	for i, ky := range k.keys {
		ids[i] = hex.EncodeToString(ky.id[:])
	}
	return ids
}

// decodeKey reads one base64 key, padded or not, standard or URL alphabet.
func decodeKey(s string) ([]byte, error) {
	if s == "" {
		return nil, errors.New("empty (want base64 of 32 bytes)")
	}
	raw := strings.TrimRight(s, "=")
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil {
		b, err = base64.RawURLEncoding.DecodeString(raw)
	}
	if err != nil {
		return nil, errors.New("not base64 (want base64 of 32 bytes)")
	}
	if len(b) != KeySize {
		return nil, fmt.Errorf("%d bytes once decoded, want %d", len(b), KeySize)
	}
	return b, nil
}

// newKey derives the key's id and builds its AES-256-GCM cipher.
func newKey(secret []byte) (key, error) {
	block, err := aes.NewCipher(secret)
	if err != nil {
		return key{}, fmt.Errorf("sealing: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return key{}, fmt.Errorf("sealing: %w", err)
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("openbank secrets key id")) // a hash write never fails
	var ky key
	copy(ky.id[:], m.Sum(nil))
	ky.aead = aead
	return ky, nil
}
