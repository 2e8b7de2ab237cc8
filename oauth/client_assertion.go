package oauth

import (
	"context"
	"errors"
	"log/slog"

	"openbank/oauth/assertion"
)

// ClientAssertionType is the client_assertion_type of private_key_jwt.
const ClientAssertionType = assertion.Type

// checkAssertion authenticates c by its client assertion (private_key_jwt):
// signed by one of its keys, for this issuer, unexpired, and with a jti no
// instance has seen.
func (s *Server) checkAssertion(ctx context.Context, c Client, raw string) *Error {
	check := assertion.Check{ClientID: c.ClientID, Audience: s.cfg.Issuer, Now: s.now()}
	keys, err := s.assertionKeys(ctx, c, false)
	if err != nil {
		slog.WarnContext(ctx, "reading a client's keys", "client_id", c.ClientID, "error", err)
		return Errorf(ErrInvalidClient, "the client's keys could not be read")
	}
	claims, err := assertion.Verify(raw, keys, check)
	if errors.Is(err, assertion.ErrUnknownKey) && c.Security.JWKSURI != "" {
		if keys, err = s.assertionKeys(ctx, c, true); err == nil {
			claims, err = assertion.Verify(raw, keys, check)
		}
	}
	var refused *assertion.Error
	switch {
	case errors.As(err, &refused):
		return Errorf(ErrInvalidClient, "%s", refused.Error())
	case err != nil:
		return Errorf(ErrInvalidClient, "%s", err.Error())
	}
	if err := s.seen.see(ctx, "assertion:"+c.ClientID+":"+claims.JTI, claims.Expiry); isConflict(err) {
		return Errorf(ErrInvalidClient, "the client assertion was used before (jti)")
	} else if err != nil {
		return serverError(err)
	}
	return nil
}
