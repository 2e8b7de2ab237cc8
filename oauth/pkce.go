package oauth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"regexp"
)

// validVerifier is RFC 7636 §4.1: 43 to 128 unreserved characters.
var validVerifier = regexp.MustCompile(`^[A-Za-z0-9._~-]{43,128}$`)

// validChallenge is an S256 challenge: 32 bytes in unpadded base64url.
var validChallenge = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// ChallengeS256 is the S256 code challenge of verifier (RFC 7636 §4.2).
func ChallengeS256(verifier string) string {
	d := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(d[:])
}

// ValidVerifier reports whether verifier has the form RFC 7636 requires.
func ValidVerifier(verifier string) bool { return validVerifier.MatchString(verifier) }

// ValidChallenge reports whether challenge can be an S256 challenge.
func ValidChallenge(challenge string) bool { return validChallenge.MatchString(challenge) }

// VerifierMatches reports whether verifier is well formed and hashes to
// challenge.
func VerifierMatches(verifier, challenge string) bool {
	return ValidVerifier(verifier) && subtle.ConstantTimeCompare([]byte(ChallengeS256(verifier)), []byte(challenge)) == 1
}
