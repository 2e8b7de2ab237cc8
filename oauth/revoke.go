package oauth

import (
	"context"
	"time"
)

// Revoke revokes the grant of a refresh or access token issued to c (RFC
// 7009), on every instance before it returns. An unknown token is not an
// error; another client's token is unauthorized_client.
func (s *Server) Revoke(ctx context.Context, c Client, token string) *Error {
	grantID, owner, ok := s.grantOf(ctx, token)
	if !ok {
		return nil
	}
	if owner != c.ClientID {
		return Errorf(ErrUnauthorizedClient, "the token was issued to another client")
	}
	if err := s.revokeGrant(context.WithoutCancel(ctx), grantID); err != nil {
		return serverError(err)
	}
	return nil
}

// grantOf finds the grant and client of a refresh token or of an access
// token with a valid signature, expired or not.
func (s *Server) grantOf(ctx context.Context, token string) (grantID, clientID string, ok bool) {
	if rt, err := s.db.GetRefreshToken(ctx, Digest(token)); err == nil {
		return rt.GrantID, rt.ClientID, true
	}
	claims, err := s.verifySignature(ctx, token, s.now())
	if err != nil {
		return "", "", false
	}
	return claims.GrantID, claims.ClientID, true
}

// Introspection is the answer of RFC 7662.
type Introspection struct {
	Active    bool   `json:"active"`
	Scope     string `json:"scope,omitempty"`
	ClientID  string `json:"client_id,omitempty"`
	Username  string `json:"username,omitempty"`
	TokenType string `json:"token_type,omitempty"`
	Exp       int64  `json:"exp,omitempty"`
	Iat       int64  `json:"iat,omitempty"`
	Sub       string `json:"sub,omitempty"`
	Aud       string `json:"aud,omitempty"`
	Iss       string `json:"iss,omitempty"`
	Jti       string `json:"jti,omitempty"`
	// Environment is the client's, "test" or "production", on an active token.
	Environment string `json:"environment,omitempty"`
	// Cnf is the binding of a sender-constrained token (RFC 9449 §6.2,
	// RFC 8705 §3.2).
	Cnf *Confirmation `json:"cnf,omitempty"`
}

// Introspect describes a token issued to c; any other token, and any
// invalid, expired or revoked one, is inactive.
func (s *Server) Introspect(ctx context.Context, c Client, token string) (Introspection, *Error) {
	if claims, err := s.VerifyAccessToken(ctx, token); err == nil {
		if claims.ClientID != c.ClientID {
			return Introspection{}, nil
		}
		p := claims.Principal()
		tokenType := "Bearer"
		if claims.Cnf != nil && claims.Cnf.JKT != "" {
			tokenType = "DPoP"
		}
		return Introspection{Active: true, Scope: claims.Scope, ClientID: claims.ClientID, Username: p.Username, Cnf: claims.Cnf,
			TokenType: tokenType, Exp: claims.Expiry.Time().Unix(), Iat: claims.IssuedAt.Time().Unix(), Sub: claims.Subject,
			Aud: s.cfg.Issuer, Iss: s.cfg.Issuer, Jti: claims.ID, Environment: p.Environment}, nil
	}
	rt, err := s.db.GetRefreshToken(ctx, Digest(token))
	if isNotFound(err) {
		return Introspection{}, nil
	} else if err != nil {
		return Introspection{}, serverError(err)
	}
	now := s.now()
	if rt.ClientID != c.ClientID || rt.SpentAt.Valid || rt.RevokedAt.Valid || !rt.ExpiresAt.After(now) || !rt.AccountLive {
		return Introspection{}, nil
	}
	return Introspection{Active: true, Scope: rt.Scope, ClientID: rt.ClientID, Username: rt.Username,
		TokenType: "refresh_token", Exp: rt.ExpiresAt.Unix(), Sub: rt.Username, Iss: s.cfg.Issuer,
		Environment: environmentOf(c.Environment)}, nil
}

// untilExpiry is how long a revocation must be kept for tokens of ttl.
func untilExpiry(now time.Time, ttl time.Duration) time.Time { return now.Add(ttl + time.Minute) }
