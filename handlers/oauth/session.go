package oauth

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"
)

// loginCookie is the session cookie that remembers a signed-in user.
const loginCookie = "openbank_session"

// login is who is signed in on this browser, and since when.
type login struct {
	Username string
	AuthTime time.Time
}

// session reads the login session; a cookie signed with a retired key
// reads as signed out.
func (h *Handler) session(r *http.Request) (*sessions.Session, login) {
	sess, _ := h.sessions.Get(r, loginCookie)
	name, _ := sess.Values["user"].(string)
	at, _ := sess.Values["auth_time"].(int64)
	return sess, login{Username: name, AuthTime: time.Unix(at, 0)}
}

// remember signs username in on this browser.
func (h *Handler) remember(c *gin.Context, sess *sessions.Session, username string) error {
	sess.Values["user"] = username
	sess.Values["auth_time"] = time.Now().Unix()
	return sess.Save(c.Request, c.Writer)
}

// forget signs the browser out.
func (h *Handler) forget(c *gin.Context, sess *sessions.Session) error {
	delete(sess.Values, "user")
	delete(sess.Values, "auth_time")
	return sess.Save(c.Request, c.Writer)
}
