package oauth

import (
	"context"
	"crypto/sha256"
	"slices"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// VerifyAccessToken returns the claims of a valid access token: signed by
// one of the published keys, issued here for this audience, not expired,
// its grant and client not revoked. A token seen before is answered from
// the cache without checking its signature again.
func (s *Server) VerifyAccessToken(ctx context.Context, token string) (AccessClaims, *Error) {
	digest := tokenDigest(token)
	now := s.now()
	claims, ok := s.cache.get(digest)
	if !ok {
		var err *Error
		if claims, err = s.verifySignature(ctx, token, now); err != nil {
			return AccessClaims{}, err
		}
		s.cache.put(digest, claims)
	}
	if !claims.Expiry.Time().After(now) {
		return AccessClaims{}, Errorf(ErrInvalidToken, "the access token has expired")
	}
	if s.revoked.revoked(claims.GrantID, claims.ClientID, now) {
		return AccessClaims{}, Errorf(ErrInvalidToken, "the access token has been revoked")
	}
	return claims, nil
}

// verifySignature parses and checks a token not seen before.
func (s *Server) verifySignature(ctx context.Context, token string, now time.Time) (AccessClaims, *Error) {
	invalid := Errorf(ErrInvalidToken, "the access token is malformed or was not issued by this server")
	parsed, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.ES256})
	if err != nil || len(parsed.Headers) != 1 {
		return AccessClaims{}, invalid
	}
	h := parsed.Headers[0]
	if typ, _ := h.ExtraHeaders[jose.HeaderType].(string); typ != "at+jwt" {
		return AccessClaims{}, invalid
	}
	key, ok := s.keys.verificationKey(ctx, h.KeyID)
	if !ok {
		return AccessClaims{}, invalid
	}
	var claims AccessClaims
	if err := parsed.Claims(key, &claims); err != nil {
		return AccessClaims{}, invalid
	}
	if claims.Expiry == nil || claims.GrantID == "" || claims.ClientID == "" || claims.Subject == "" {
		return AccessClaims{}, invalid
	}
	claims.Environment = environmentOf(claims.Environment)
	err = claims.ValidateWithLeeway(jwt.Expected{Issuer: s.cfg.Issuer, AnyAudience: jwt.Audience{s.cfg.Issuer}, Time: now}, 0)
	if err != nil && !slices.Contains([]error{jwt.ErrExpired}, err) {
		return AccessClaims{}, invalid
	}
	return claims, nil
}

// tokenDigest is the SHA-256 of a token, the key of the verified tokens'
// cache. The token's bytes are copied into a pooled buffer: converting a
// token of some 500 bytes to a []byte would allocate on every API call.
func tokenDigest(token string) [sha256.Size]byte {
	bp := digestBuffers.Get().(*[]byte)
	b := append((*bp)[:0], token...)
	d := sha256.Sum256(b)
	if cap(b) <= maxPooledToken {
		*bp = b
		digestBuffers.Put(bp)
	}
	return d
}

// maxPooledToken is the largest buffer kept for the next token: an
// oversized header leaves its buffer to the collector.
const maxPooledToken = 4 << 10

var digestBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}
