package dpop

import (
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// Algorithms are the signature algorithms a proof may use: those FAPI 2.0
// allows, and EdDSA.
var Algorithms = []jose.SignatureAlgorithm{jose.ES256, jose.PS256, jose.EdDSA}

// MaxAge is how old a proof's iat may be; Skew how far in the future it
// may be, for clocks that run ahead.
const (
	MaxAge = 60 * time.Second
	Skew   = 5 * time.Second
)

// maxJTI bounds the jti a proof may carry (it is stored against replay).
const maxJTI = 128

// Check is what a proof must match: the request's method and URL, the
// time, and at a resource server the access token it goes with.
type Check struct {
	Method      string
	URL         string // the request's URL; query and fragment are ignored
	AccessToken string // "": no ath expected (the token endpoint)
	Now         time.Time
}

// Proof is a verified proof.
type Proof struct {
	JKT      string // the base64url SHA-256 JWK thumbprint of its key (RFC 7638)
	JTI      string
	IssuedAt time.Time
	Nonce    string // the server nonce it carries, or ""
	Alg      string // the algorithm it is signed with
}

// Error is a refused proof; its message is safe to send to the client.
type Error struct{ Reason string }

func (e *Error) Error() string { return "invalid DPoP proof: " + e.Reason }

func refuse(format string, args ...any) *Error { return &Error{Reason: fmt.Sprintf(format, args...)} }

type claims struct {
	JTI   string `json:"jti"`
	HTM   string `json:"htm"`
	HTU   string `json:"htu"`
	IAT   *int64 `json:"iat"`
	ATH   string `json:"ath"`
	Nonce string `json:"nonce"`
}

// Verify checks a proof against c. It does not know which jtis were seen
// before, nor which nonces the server gave out.
func Verify(proof string, c Check) (Proof, error) {
	key, payload, err := verifySignature(proof)
	if err != nil {
		return Proof{}, err
	}
	cl, err := decode(payload)
	if err != nil {
		return Proof{}, err
	}
	if err := cl.match(c); err != nil {
		return Proof{}, err
	}
	return Proof{JKT: key.jkt, JTI: cl.JTI, IssuedAt: time.Unix(*cl.IAT, 0), Nonce: cl.Nonce, Alg: key.alg}, nil
}

// TokenHash is the ath of an access token: its base64url SHA-256.
func TokenHash(accessToken string) string {
	d := sha256.Sum256([]byte(accessToken))
	return base64.RawURLEncoding.EncodeToString(d[:])
}

// Thumbprint is the base64url SHA-256 JWK thumbprint of a public key, as
// cnf.jkt and dpop_jkt carry it.
func Thumbprint(key jose.JSONWebKey) (string, error) {
	tp, err := key.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(tp), nil
}
