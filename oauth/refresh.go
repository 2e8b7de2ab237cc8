package oauth

import (
	"context"

	"openbank/store"
)

// Refresh spends a refresh token for a new pair in the same grant. A spent
// token presented again means it leaked: the whole grant is revoked,
// including its live access tokens. Of two concurrent refreshes exactly one
// wins.
func (s *Server) Refresh(ctx context.Context, c Client, token, scope string) (TokenResponse, *Error) {
	if err := s.allowed(c, GrantRefreshToken); err != nil {
		return TokenResponse{}, err
	}
	if token == "" {
		return TokenResponse{}, Errorf(ErrInvalidRequest, "refresh_token is required")
	}
	var is issuance
	var rt store.RefreshToken
	var oerr *Error
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		rt, err = tx.SpendRefreshToken(ctx, Digest(token), c.ClientID, s.now())
		if oerr = s.checkRefresh(c, rt, err); oerr != nil {
			return nil //nolint:nilerr // checkRefresh turned err into the OAuth answer oerr; a reuse's revocation must commit
		}
		if is.scope, oerr = narrowedScope(scope, rt.Scope); oerr != nil {
			return nil //nolint:nilerr // the answer is oerr; nothing was written
		}
		is.clientID, is.username, is.userID, is.grantID = c.ClientID, rt.Username, rt.UserID, rt.GrantID
		is.authTime, is.products, is.environment = rt.AuthTime, c.Products, c.Environment
		return s.newRefreshToken(ctx, tx, &is)
	})
	if err != nil {
		return TokenResponse{}, serverError(err)
	}
	if oerr == errReused {
		if err := s.revokeGrant(context.WithoutCancel(ctx), rt.GrantID); err != nil {
			return TokenResponse{}, serverError(err)
		}
	}
	if oerr != nil {
		return TokenResponse{}, oerr
	}
	return s.signed(is)
}

// errReused answers a spent refresh token presented again.
var errReused = Errorf(ErrInvalidGrant, "the refresh token was already used; every token of its grant is now revoked")

// checkRefresh judges a refresh token as SpendRefreshToken found it.
func (s *Server) checkRefresh(c Client, rt store.RefreshToken, err error) *Error {
	invalid := Errorf(ErrInvalidGrant, "the refresh token is invalid, expired or revoked")
	switch {
	case isNotFound(err):
		return invalid
	case isConflict(err) && (rt.ClientID != c.ClientID || !rt.SpentAt.Valid):
		return invalid
	case isConflict(err):
		return errReused
	case err != nil:
		return serverError(err)
	case rt.RevokedAt.Valid || !rt.ExpiresAt.After(s.now()) || !rt.AccountLive:
		return invalid
	}
	return nil
}
