package oauth

import (
	"context"
	"net/url"

	"openbank/store"
)

// IssueCode records an authorization code for a consented request and
// returns where to send the user: the redirect URI with code and state.
func (s *Server) IssueCode(ctx context.Context, req AuthorizeRequest, who SignedIn) (string, *Error) {
	if err := s.finishInteraction(ctx, req); err != nil {
		return "", err
	}
	code := NewSecret(32)
	err := s.db.CreateCode(ctx, store.Code{
		Digest: Digest(code), ClientID: req.Client.ClientID, Username: who.Username, UserID: who.UserID,
		RedirectURI: req.RedirectURI, Challenge: req.Challenge, Scope: req.Scope, Nonce: req.Nonce,
		AuthTime: who.AuthTime, ExpiresAt: s.now().Add(s.codeTTL(req.Client)), DPoPJKT: req.DPoPJKT,
	})
	if err != nil {
		return "", serverError(err)
	}
	v := url.Values{"code": {code}, "iss": {s.cfg.Issuer}}
	if req.State != "" {
		v.Set("state", req.State)
	}
	return withQuery(req.redirect, v), nil
}

// ExchangeCode redeems an authorization code for bearer tokens.
func (s *Server) ExchangeCode(ctx context.Context, c Client, code, redirectURI, verifier string) (TokenResponse, *Error) {
	return s.ExchangeBoundCode(ctx, c, code, redirectURI, verifier, Binding{})
}

// ExchangeBoundCode redeems an authorization code for tokens bound as bind
// says. The code is spent by the first attempt whatever its outcome; a code
// presented again is a replay: the grant it opened is revoked with every
// token issued from it. A code bound to a DPoP key (dpop_jkt) needs a proof
// of that key.
func (s *Server) ExchangeBoundCode(ctx context.Context, c Client, code, redirectURI, verifier string, bind Binding) (TokenResponse, *Error) {
	if err := s.allowed(c, GrantAuthorizationCode); err != nil {
		return TokenResponse{}, err
	}
	if code == "" || verifier == "" {
		return TokenResponse{}, Errorf(ErrInvalidRequest, "code and code_verifier are required")
	}
	var is issuance
	var replayed string
	var oerr *Error
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		sc, err := tx.RedeemCode(ctx, Digest(code), s.now())
		switch {
		case isConflict(err):
			replayed, oerr = sc.GrantID.String, Errorf(ErrInvalidGrant, "the code was already used; the tokens issued for it are revoked")
			return nil //nolint:nilerr // the answer is oerr; the replay is revoked after the transaction
		case err != nil && !isNotFound(err):
			return err
		}
		if oerr = s.checkCode(c, sc, err, redirectURI, verifier); oerr != nil {
			return nil //nolint:nilerr // checkCode turned err into the OAuth answer oerr
		}
		if sc.DPoPJKT != "" && sc.DPoPJKT != bind.JKT {
			oerr = Errorf(ErrInvalidGrant, "the code is bound to a DPoP key (dpop_jkt); send a proof of that key")
			return nil //nolint:nilerr // the answer is oerr; the code stays spent
		}
		is = issuance{clientID: c.ClientID, username: sc.Username, userID: sc.UserID, scope: sc.Scope, nonce: sc.Nonce,
			products: c.Products, authTime: sc.AuthTime, environment: c.Environment, bind: bind}
		if err := s.openGrant(ctx, tx, &is); err != nil {
			return err
		}
		return tx.SetCodeGrant(ctx, sc.Digest, is.grantID)
	})
	if err != nil {
		return TokenResponse{}, serverError(err)
	}
	if replayed != "" {
		if err := s.revokeGrant(context.WithoutCancel(ctx), replayed); err != nil {
			return TokenResponse{}, serverError(err)
		}
	}
	if oerr != nil {
		return TokenResponse{}, oerr
	}
	return s.signed(is)
}

// checkCode judges a freshly redeemed code against the token request.
func (s *Server) checkCode(c Client, sc store.Code, err error, redirectURI, verifier string) *Error {
	switch {
	case err != nil || !sc.ExpiresAt.After(s.now()) || !sc.AccountLive:
		return Errorf(ErrInvalidGrant, "the code is invalid or expired")
	case sc.ClientID != c.ClientID:
		return Errorf(ErrInvalidGrant, "the code was issued to another client")
	case sc.RedirectURI != redirectURI:
		return Errorf(ErrInvalidGrant, "redirect_uri differs from the authorization request's")
	case !VerifierMatches(verifier, sc.Challenge):
		return Errorf(ErrInvalidGrant, "code_verifier does not match the code_challenge")
	}
	return nil
}
