package oauth

import (
	"context"
	"errors"
	"time"

	"openbank/store"
)

// ClientCredentials issues an access token for the client itself; no
// refresh token and no grant row: the token's grant id exists only in the
// token, so that it can still be revoked.
func (s *Server) ClientCredentials(ctx context.Context, c Client, scope string, bind Binding) (TokenResponse, *Error) {
	if err := s.allowed(c, GrantClientCredentials); err != nil {
		return TokenResponse{}, err
	}
	if c.Public() {
		return TokenResponse{}, Errorf(ErrUnauthorizedClient, "a public client cannot use client_credentials")
	}
	granted, err := grantedScope(scope)
	if err != nil {
		return TokenResponse{}, err
	}
	if hasScope(granted, ScopeOpenID) {
		return TokenResponse{}, Errorf(ErrInvalidScope, "openid needs a user; client_credentials tokens have scope %q", ScopeDefault)
	}
	return s.signed(issuance{clientID: c.ClientID, scope: granted, grantID: NewSecret(16), products: c.Products,
		environment: c.Environment, bind: bind})
}

// Password authenticates a user by password and opens a grant with a
// refresh token.
func (s *Server) Password(ctx context.Context, c Client, l Login, scope string, bind Binding) (TokenResponse, *Error) {
	if err := s.allowed(c, GrantPassword); err != nil {
		return TokenResponse{}, err
	}
	if l.Username == "" || l.Password == "" {
		return TokenResponse{}, Errorf(ErrInvalidRequest, "username and password are required")
	}
	granted, oerr := grantedScope(scope)
	if oerr != nil {
		return TokenResponse{}, oerr
	}
	u, oerr := s.CheckPassword(ctx, l)
	if oerr != nil {
		return TokenResponse{}, oerr
	}
	is := issuance{clientID: c.ClientID, username: u.Username, userID: u.ID, scope: granted, products: c.Products, authTime: s.now(),
		environment: c.Environment, bind: bind}
	err := s.db.InTx(ctx, func(tx *store.Tx) error { return s.openGrant(ctx, tx, &is) })
	if err != nil {
		return TokenResponse{}, serverError(err)
	}
	return s.signed(is)
}

// openGrant stores a new grant for is and its first refresh token.
func (s *Server) openGrant(ctx context.Context, tx *store.Tx, is *issuance) error {
	is.grantID = NewSecret(16)
	g := store.Grant{GrantID: is.grantID, ClientID: is.clientID, Username: is.username, UserID: is.userID,
		Scope: is.scope, AuthTime: is.authTime, CnfJKT: is.bind.JKT, CnfX5T: is.bind.X5T}
	if err := tx.CreateGrant(ctx, g); err != nil {
		return err
	}
	return s.newRefreshToken(ctx, tx, is)
}

func (s *Server) newRefreshToken(ctx context.Context, tx *store.Tx, is *issuance) error {
	is.refreshToken = NewSecret(32)
	return tx.CreateRefreshToken(ctx, Digest(is.refreshToken), is.grantID, is.clientID, s.now().Add(s.cfg.RefreshTokenTTL))
}

func (s *Server) allowed(c Client, grant string) *Error {
	if !c.Allows(grant) || (c.FAPI() && grant == GrantPassword) {
		return Errorf(ErrUnauthorizedClient, "this client may not use the %s grant", grant)
	}
	return nil
}

func (s *Server) signed(is issuance) (TokenResponse, *Error) {
	resp, err := s.sign(is)
	if err != nil {
		return TokenResponse{}, serverError(err)
	}
	return resp, nil
}

// revokeGrant revokes a grant and every token issued from it, on every
// instance, before returning.
func (s *Server) revokeGrant(ctx context.Context, grantID string) error {
	key := revokedGrant + grantID
	until := s.now().Add(s.cfg.AccessTokenTTL + time.Minute)
	echo := s.revoked.expectEcho(key)
	if err := s.db.RevokeGrant(ctx, grantID, until); err != nil {
		return err
	}
	s.revoked.add(key, until)
	awaitEcho(echo)
	return nil
}

// isConflict and isNotFound name the store's sentinels.
func isConflict(err error) bool { return errors.Is(err, store.ErrConflict) }
func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
