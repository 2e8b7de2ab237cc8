package admin

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/console"
)

// Cookies of the console, all limited to /admin.
const (
	sessionCookie = "openbank_admin"       // the session's id only
	loginCookie   = "openbank_admin_login" // state, nonce and verifier of a sign-in in progress
	flashCookie   = "openbank_admin_flash" // a confirmation shown once
)

// loginLifetime is how long a sign-in may take at the issuer.
const loginLifetime = 10 * 60

type adminKey struct{}

// adminOf returns the admin of a request the session guard let through.
func adminOf(ctx context.Context) console.Admin {
	a, _ := ctx.Value(adminKey{}).(console.Admin)
	return a
}

// cookieOptions are the options of a console cookie living maxAge seconds
// (negative: delete it).
func (h *Handler) cookieOptions(maxAge int) *sessions.Options {
	return &sessions.Options{Path: "/admin", MaxAge: maxAge, HttpOnly: true, Secure: h.secure, SameSite: http.SameSiteLaxMode}
}

// cookie reads a console cookie; one signed with a retired key reads as
// empty, which is signed out.
func (h *Handler) cookie(r *http.Request, name string) *sessions.Session {
	s, _ := h.cookies.Get(r, name)
	return s
}

// RequireAdmin lets a request through only with a live session. A page
// asked for without one goes to the sign-in; a form posted without one is
// refused with a page that offers to sign in again.
func (h *Handler) RequireAdmin(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	id, _ := h.cookie(c.Request, sessionCookie).Values["sid"].(string)
	a, err := h.console.Resume(c.Request.Context(), id)
	switch {
	case errors.Is(err, console.ErrSignedOut) && c.Request.Method == http.MethodGet:
		c.Redirect(http.StatusSeeOther, "/admin/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	case errors.Is(err, console.ErrSignedOut):
		h.notice(c, http.StatusUnauthorized, "Your console session has ended",
			"It was idle too long, reached its time limit or was signed out. Sign in again and repeat the change.",
			"/admin/login", "Sign in again")
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), adminKey{}, a))
	c.Next()
}

// startSession opens a new session for a, ending the one the browser held
// (a sign-in always renews the session id), and sets its cookie.
func (h *Handler) startSession(c *gin.Context, a console.Admin) error {
	ctx := c.Request.Context()
	sess := h.cookie(c.Request, sessionCookie)
	if old, _ := sess.Values["sid"].(string); old != "" {
		if err := h.console.EndSession(ctx, old); err != nil {
			return err
		}
	}
	id, err := h.console.StartSession(ctx, a, c.ClientIP())
	if err != nil {
		return err
	}
	sess.Values = map[any]any{"sid": id}
	sess.Options = h.cookieOptions(int(h.console.Lifetime().Seconds()))
	return sess.Save(c.Request, c.Writer)
}

// endSession ends the browser's session on every instance and deletes its
// cookie.
func (h *Handler) endSession(c *gin.Context) error {
	sess := h.cookie(c.Request, sessionCookie)
	id, _ := sess.Values["sid"].(string)
	if err := h.console.EndSession(c.Request.Context(), id); err != nil {
		return err
	}
	sess.Values = map[any]any{}
	sess.Options = h.cookieOptions(-1)
	return sess.Save(c.Request, c.Writer)
}
