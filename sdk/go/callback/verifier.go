package callback

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// The headers of a delivered callback.
const (
	HeaderEventID   = "X-Openbank-Event-Id"
	HeaderSignature = "X-Openbank-Signature"
	HeaderHMAC      = "X-Openbank-Hmac-Sha256"
)

// JWSType is the typ of a callback's JWS; no other Openbank token has it.
const JWSType = "openbank-callback+jwt"

// ErrInvalid is wrapped by every refusal of Verify.
var ErrInvalid = errors.New("callback: invalid signature")

// Claims is what a callback's JWS signs.
type Claims struct {
	Issuer    string `json:"iss"`
	Audience  string `json:"aud"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	EventID   string `json:"eventId"`
	Digest    string `json:"sha256"` // base64url SHA-256 of the body
}

// Verifier checks callbacks meant for one client.
type Verifier struct {
	JWKSURL    string           // the server's key set, e.g. https://openbank.example.com/oauth2/jwks
	Issuer     string           // the server's PUBLIC_URL; empty: not checked
	ClientID   string           // the receiving client: the JWS's aud
	HMACSecret []byte           // the client's callback HMAC secret; nil: the header is not checked
	HTTPClient *http.Client     // nil: http.DefaultClient
	Now        func() time.Time // nil: time.Now
	Leeway     time.Duration    // clock skew allowed; 0: one minute

	mu   sync.Mutex
	keys *jose.JSONWebKeySet
}

// Verify checks the signature headers of a callback whose exact body is
// body and returns the signed claims.
func (v *Verifier) Verify(ctx context.Context, h http.Header, body []byte) (*Claims, error) {
	sig, err := jose.ParseSigned(h.Get(HeaderSignature), []jose.SignatureAlgorithm{jose.ES256, jose.EdDSA, jose.RS256, jose.PS256})
	if err != nil || len(sig.Signatures) != 1 {
		return nil, fmt.Errorf("%w: %s is not one compact JWS", ErrInvalid, HeaderSignature)
	}
	head := sig.Signatures[0].Protected
	if typ, _ := head.ExtraHeaders[jose.HeaderType].(string); typ != JWSType {
		return nil, fmt.Errorf("%w: typ %q, want %q", ErrInvalid, typ, JWSType)
	}
	key, err := v.key(ctx, head.KeyID)
	if err != nil {
		return nil, err
	}
	payload, err := sig.Verify(key)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	var c Claims
	if err := json.Unmarshal(payload, &c); err != nil {
		return nil, fmt.Errorf("%w: claims: %v", ErrInvalid, err)
	}
	if err := v.checkClaims(&c, h, body); err != nil {
		return nil, err
	}
	if v.HMACSecret != nil {
		if err := CheckHMAC(v.HMACSecret, h.Get(HeaderHMAC), body, v.now(), 5*time.Minute); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// checkClaims holds the claims to the receiver, the clock and the body.
func (v *Verifier) checkClaims(c *Claims, h http.Header, body []byte) error {
	now, leeway := v.now(), v.Leeway
	if leeway == 0 {
		leeway = time.Minute
	}
	digest := sha256.Sum256(body)
	switch {
	case c.Audience != v.ClientID:
		return fmt.Errorf("%w: meant for %q, not %q", ErrInvalid, c.Audience, v.ClientID)
	case v.Issuer != "" && c.Issuer != v.Issuer:
		return fmt.Errorf("%w: issued by %q, not %q", ErrInvalid, c.Issuer, v.Issuer)
	case time.Unix(c.ExpiresAt, 0).Add(leeway).Before(now):
		return fmt.Errorf("%w: expired at %s", ErrInvalid, time.Unix(c.ExpiresAt, 0).UTC().Format(time.RFC3339))
	case time.Unix(c.IssuedAt, 0).Add(-leeway).After(now):
		return fmt.Errorf("%w: issued in the future", ErrInvalid)
	case subtle.ConstantTimeCompare([]byte(c.Digest), []byte(base64.RawURLEncoding.EncodeToString(digest[:]))) != 1:
		return fmt.Errorf("%w: the body is not the one signed", ErrInvalid)
	case h.Get(HeaderEventID) != "" && h.Get(HeaderEventID) != c.EventID:
		return fmt.Errorf("%w: the event id is not the one signed", ErrInvalid)
	}
	return nil
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}
