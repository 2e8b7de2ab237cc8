package oauth

import (
	"context"
	"errors"

	"openbank/store"
)

// Refresh spends a refresh token for a new pair in the same grant. A spent
// token presented again means it leaked: the whole grant is revoked,
// including its live access tokens. Of two concurrent refreshes exactly one
// wins. A FAPI 2.0 client's token is not rotated (refreshKept).
func (s *Server) Refresh(ctx context.Context, c Client, token, scope string, bind Binding) (TokenResponse, *Error) {
	if err := s.allowed(c, GrantRefreshToken); err != nil {
		return TokenResponse{}, err
	}
	if token == "" {
		return TokenResponse{}, Errorf(ErrInvalidRequest, "refresh_token is required")
	}
	if c.FAPI() {
		return s.refreshKept(ctx, c, token, scope, bind)
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
		if oerr = checkHolder(rt, bind); oerr != nil {
			return errRollback
		}
		if is.scope, oerr = narrowedScope(scope, rt.Scope); oerr != nil {
			return nil //nolint:nilerr // the answer is oerr; nothing was written
		}
		is.clientID, is.username, is.userID, is.grantID = c.ClientID, rt.Username, rt.UserID, rt.GrantID
		is.authTime, is.products, is.environment, is.bind = rt.AuthTime, c.Products, c.Environment, bind
		return s.newRefreshToken(ctx, tx, &is)
	})
	if err != nil && !errors.Is(err, errRollback) {
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

// errRollback undoes a refresh whose token stays unspent: presented
// without the key or certificate it is bound to, it is not the holder's.
var errRollback = errors.New("oauth: refresh rolled back")

// checkHolder refuses a bound refresh token presented without what it is
// bound to.
func checkHolder(rt store.RefreshToken, bind Binding) *Error {
	if rt.CnfJKT != "" && rt.CnfJKT != bind.JKT {
		return Errorf(ErrInvalidGrant, "the refresh token is bound to a DPoP key; send a proof of that key")
	}
	if rt.CnfX5T != "" && rt.CnfX5T != bind.X5T {
		return Errorf(ErrInvalidGrant, "the refresh token is bound to a client certificate; present it")
	}
	return nil
}
