package oauth

import (
	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/oauth"
	"openbank/store"
)

// loginCookie is the session cookie that remembers a signed-in user: it
// carries the session's id and the account's id and epoch, and the
// authorization server decides on each request whether it still signs in.
const loginCookie = "openbank_session"

// signedIn reads the login session. Who is the zero SignedIn when the
// browser is signed out: no cookie, a cookie signed with a retired key, or
// a session ended, expired, outlived by a password change or by its
// account.
func (h *Handler) signedIn(c *gin.Context) (*sessions.Session, oauth.SignedIn, *oauth.Error) {
	sess, _ := h.sessions.Get(c.Request, loginCookie)
	who, ok, err := h.server.SessionAccount(c.Request.Context(), sessionOf(sess))
	if err != nil || !ok {
		return sess, oauth.SignedIn{}, err
	}
	return sess, who, nil
}

// sessionOf is what the cookie carries.
func sessionOf(sess *sessions.Session) oauth.Session {
	id, _ := sess.Values["sid"].(string)
	uid, _ := sess.Values["uid"].(string)
	epoch, _ := sess.Values["epoch"].(int)
	return oauth.Session{ID: id, UserID: uid, Epoch: epoch}
}

// remember signs u in on this browser, ending the session it had.
func (h *Handler) remember(c *gin.Context, sess *sessions.Session, u store.User) error {
	if err := h.server.EndSession(c.Request.Context(), sessionOf(sess)); err != nil {
		return err
	}
	started, err := h.server.StartSession(c.Request.Context(), u)
	if err != nil {
		return err
	}
	clear(sess.Values)
	sess.Values["sid"], sess.Values["uid"], sess.Values["epoch"] = started.ID, started.UserID, started.Epoch
	return sess.Save(c.Request, c.Writer)
}

// forget signs the browser out for real: the session ends on the server,
// so a copy of the cookie signs nobody in either.
func (h *Handler) forget(c *gin.Context, sess *sessions.Session) error {
	if err := h.server.EndSession(c.Request.Context(), sessionOf(sess)); err != nil {
		return err
	}
	clear(sess.Values)
	return sess.Save(c.Request, c.Writer)
}
