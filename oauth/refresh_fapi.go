package oauth

import (
	"context"
)

// refreshKept answers a FAPI 2.0 client's refresh without rotating its
// refresh token (FAPI 2.0 Security Profile §5.3.2.1: rotation only in
// extraordinary circumstances): the token is bound to the client's DPoP
// key or certificate, so a copy is worthless without it, and a client
// whose answer was lost on the network can try again. The token stays
// valid until it expires or its grant is revoked.
func (s *Server) refreshKept(ctx context.Context, c Client, token, scope string, bind Binding) (TokenResponse, *Error) {
	invalid := Errorf(ErrInvalidGrant, "the refresh token is invalid, expired or revoked")
	rt, err := s.db.GetRefreshToken(ctx, Digest(token))
	switch {
	case isNotFound(err):
		return TokenResponse{}, invalid
	case err != nil:
		return TokenResponse{}, serverError(err)
	case rt.ClientID != c.ClientID || rt.SpentAt.Valid || rt.RevokedAt.Valid || !rt.ExpiresAt.After(s.now()) || !rt.AccountLive:
		return TokenResponse{}, invalid
	}
	if err := checkHolder(rt, bind); err != nil {
		return TokenResponse{}, err
	}
	granted, oerr := narrowedScope(scope, rt.Scope)
	if oerr != nil {
		return TokenResponse{}, oerr
	}
	return s.signed(issuance{clientID: c.ClientID, username: rt.Username, userID: rt.UserID, grantID: rt.GrantID,
		scope: granted, authTime: rt.AuthTime, products: c.Products, environment: c.Environment, bind: bind, refreshToken: token})
}
