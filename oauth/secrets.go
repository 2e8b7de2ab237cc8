package oauth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
)

// NewSecret returns n random bytes in unpadded base64url: client secrets,
// refresh tokens, codes and ids.
func NewSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Digest is the SHA-256 of a secret, the only form in which secrets are
// stored.
func Digest(secret string) []byte {
	d := sha256.Sum256([]byte(secret))
	return d[:]
}

// SecretMatches compares secret with a stored digest in constant time.
func SecretMatches(secret string, digest []byte) bool {
	return len(digest) == sha256.Size && subtle.ConstantTimeCompare(Digest(secret), digest) == 1
}
