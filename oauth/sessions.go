package oauth

import (
	"context"
	"time"

	"openbank/store"
)

// SignedIn is the account a browser is signed in as on the authorize page.
type SignedIn struct {
	Username string
	UserID   string
	AuthTime time.Time
}

// Session is what a sign-in cookie carries: the session's secret id (the
// database keeps only its digest) and the account's id and epoch when it
// signed in.
type Session struct {
	ID     string
	UserID string
	Epoch  int
}

// StartSession records a sign-in of u and returns what the browser's
// cookie must carry.
func (s *Server) StartSession(ctx context.Context, u store.User) (Session, *Error) {
	sess := Session{ID: NewSecret(32), UserID: u.ID, Epoch: u.Epoch}
	now := s.now()
	err := s.db.CreateLoginSession(ctx, store.LoginSession{Digest: Digest(sess.ID), UserID: u.ID, Epoch: u.Epoch,
		AuthTime: now, ExpiresAt: now.Add(s.cfg.SessionTTL)})
	if err != nil {
		return Session{}, serverError(err)
	}
	return sess, nil
}

// SessionAccount returns who a cookie's session is signed in as. It is
// checked against the database on every call, so a session is over (ok
// false) on every instance once it was ended, expired, its account deleted
// (a username created again is another account) or its password changed.
func (s *Server) SessionAccount(ctx context.Context, sess Session) (SignedIn, bool, *Error) {
	if sess.ID == "" || sess.UserID == "" {
		return SignedIn{}, false, nil
	}
	ls, err := s.db.GetLoginSession(ctx, Digest(sess.ID), s.now())
	if isNotFound(err) {
		return SignedIn{}, false, nil
	}
	if err != nil {
		return SignedIn{}, false, serverError(err)
	}
	if ls.UserID != sess.UserID || ls.Epoch != sess.Epoch || ls.AccountEpoch != ls.Epoch {
		return SignedIn{}, false, nil
	}
	return SignedIn{Username: ls.Username, UserID: ls.UserID, AuthTime: ls.AuthTime}, true, nil
}

// EndSessionsOf ends every sign-in of the account called username, on
// every instance: the next authorization request asks for its password.
func (s *Server) EndSessionsOf(ctx context.Context, username string) *Error {
	if err := s.db.EndLoginSessionsOf(ctx, username); err != nil {
		return serverError(err)
	}
	return nil
}

// TrustFirstParty marks a client as part of Openbank itself (the console):
// a user signed in at the authorize page is not asked to consent to it.
func (s *Server) TrustFirstParty(clientID string) { s.firstParty.Store(clientID, true) }

// FirstParty reports whether a client is part of Openbank itself.
func (s *Server) FirstParty(clientID string) bool {
	_, ok := s.firstParty.Load(clientID)
	return ok
}

// EndSession ends a sign-in for every instance; the cookie that carried it
// signs nobody in any more, even if it was copied.
func (s *Server) EndSession(ctx context.Context, sess Session) *Error {
	if sess.ID == "" {
		return nil
	}
	if err := s.db.EndLoginSession(ctx, Digest(sess.ID)); err != nil {
		return serverError(err)
	}
	return nil
}
