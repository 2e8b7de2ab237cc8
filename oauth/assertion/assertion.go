package assertion

import (
	"errors"
	"fmt"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Type is the client_assertion_type of a JWT client assertion.
const Type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// Algorithms are those FAPI 2.0 allows.
var Algorithms = []jose.SignatureAlgorithm{jose.ES256, jose.PS256}

// Bounds of an assertion's times: its whole life (exp after now) and the
// clock skew allowed for iat and nbf.
const (
	MaxLifetime = 5 * time.Minute
	Skew        = 5 * time.Second
	maxBytes    = 8 << 10
)

// ErrUnknownKey is a kid the client's key set does not hold: the caller
// may fetch the set again and retry.
var ErrUnknownKey = errors.New("the assertion's kid is not one of the client's keys")

// Check is what an assertion must match.
type Check struct {
	ClientID string
	Audience string // the issuer identifier
	Now      time.Time
}

// Claims are what a verified assertion says.
type Claims struct {
	JTI    string
	Expiry time.Time
}

// Error is a refused assertion; its message is safe to send.
type Error struct{ Reason string }

func (e *Error) Error() string { return "invalid client assertion: " + e.Reason }

func refuse(format string, args ...any) error { return &Error{Reason: fmt.Sprintf(format, args...)} }

// ClientID returns the client an assertion says it is from, unverified:
// iss and sub, which must be the same.
func ClientID(raw string) (string, error) {
	tok, err := parse(raw)
	if err != nil {
		return "", err
	}
	var cl jwt.Claims
	if err := tok.UnsafeClaimsWithoutVerification(&cl); err != nil || cl.Issuer == "" || cl.Issuer != cl.Subject {
		return "", refuse("iss and sub must both be the client_id")
	}
	return cl.Issuer, nil
}

// Verify checks an assertion's signature with keys and its claims with c.
func Verify(raw string, keys jose.JSONWebKeySet, c Check) (Claims, error) {
	tok, err := parse(raw)
	if err != nil {
		return Claims{}, err
	}
	var cl jwt.Claims
	var aud struct {
		Aud any `json:"aud"`
	}
	if err := verifySignature(tok, keys, &cl, &aud); err != nil {
		return Claims{}, err
	}
	if s, ok := aud.Aud.(string); !ok || s != c.Audience {
		return Claims{}, refuse("aud must be the issuer identifier %s, as a string", c.Audience)
	}
	if err := checkClaims(cl, c); err != nil {
		return Claims{}, err
	}
	return Claims{JTI: cl.ID, Expiry: cl.Expiry.Time()}, nil
}

func parse(raw string) (*jwt.JSONWebToken, error) {
	if len(raw) > maxBytes {
		return nil, refuse("the assertion is too large")
	}
	tok, err := jwt.ParseSigned(raw, Algorithms)
	if err != nil || len(tok.Headers) != 1 {
		return nil, refuse("the assertion must be a JWT signed with one of %v", Algorithms)
	}
	return tok, nil
}

// verifySignature tries the key the kid names, or every key without one.
func verifySignature(tok *jwt.JSONWebToken, keys jose.JSONWebKeySet, out ...any) error {
	candidates := keys.Keys
	if kid := tok.Headers[0].KeyID; kid != "" {
		candidates = keys.Key(kid)
		if len(candidates) == 0 {
			return ErrUnknownKey
		}
	}
	for _, k := range candidates {
		if k.Use == "enc" {
			continue
		}
		if tok.Claims(k.Key, out...) == nil {
			return nil
		}
	}
	return refuse("the signature does not verify with the client's keys")
}

func checkClaims(cl jwt.Claims, c Check) error {
	switch {
	case cl.Issuer != c.ClientID || cl.Subject != c.ClientID:
		return refuse("iss and sub must both be the client_id")
	case cl.ID == "":
		return refuse("jti is required")
	case cl.Expiry == nil:
		return refuse("exp is required")
	case !cl.Expiry.Time().After(c.Now):
		return refuse("the assertion has expired")
	case cl.Expiry.Time().After(c.Now.Add(MaxLifetime)):
		return refuse("exp is more than %s away", MaxLifetime)
	case cl.IssuedAt != nil && cl.IssuedAt.Time().After(c.Now.Add(Skew)):
		return refuse("iat is in the future")
	case cl.NotBefore != nil && cl.NotBefore.Time().After(c.Now.Add(Skew)):
		return refuse("the assertion is not valid yet (nbf)")
	}
	return nil
}
