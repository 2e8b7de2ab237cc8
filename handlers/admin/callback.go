package admin

import (
	"crypto/subtle"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/handlers/page"
)

// Callback is GET /admin/callback, where the issuer sends the browser
// back: it checks the state, redeems the code (PKCE), verifies the ID
// token and its nonce, and opens a session for an admin only.
func (h *Handler) Callback(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	ls := h.cookie(c.Request, loginCookie)
	state, _ := ls.Values["state"].(string)
	nonce, _ := ls.Values["nonce"].(string)
	verifier, _ := ls.Values["verifier"].(string)
	next, _ := ls.Values["next"].(string)
	ls.Values, ls.Options = map[any]any{}, h.cookieOptions(-1)
	if err := ls.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return
	}
	if state == "" || subtle.ConstantTimeCompare([]byte(state), []byte(c.Query("state"))) != 1 {
		h.notice(c, http.StatusBadRequest, "This sign-in has expired",
			"The sign-in took too long or was started in another tab. Start it again.", "/admin/login", "Sign in")
		return
	}
	if c.Query("error") != "" {
		h.notice(c, http.StatusUnauthorized, "The sign-in was not completed",
			"The sign-in service answered: "+c.Query("error")+". Start it again.", "/admin/login", "Sign in")
		return
	}
	h.identify(c, c.Query("code"), verifier, nonce, page.LocalPath(next, home))
}

// identify completes the sign-in and starts the session.
func (h *Handler) identify(c *gin.Context, code, verifier, nonce, next string) {
	who, err := h.issuer.Identify(c.Request.Context(), code, verifier, nonce)
	switch {
	case errors.Is(err, console.ErrLogin):
		c.Error(err)
		h.notice(c, http.StatusUnauthorized, "The sign-in could not be completed",
			"The sign-in service's answer was not accepted. Start the sign-in again.", "/admin/login", "Sign in")
		return
	case err != nil:
		h.fail(c, err)
		return
	case !who.Admin:
		if err := h.recordSession(c, "session.refused", who.Username, who.External); err != nil {
			h.fail(c, err)
			return
		}
		h.notice(c, http.StatusForbidden, "You are not an administrator",
			"You signed in as "+who.Username+", who may not use the console. Ask an administrator to make you one "+
				"(openbank user create --admin), or sign in as another user.", "", "")
		return
	}
	err = h.startSession(c, console.Admin{Username: who.Username, External: who.External})
	if err == nil {
		err = h.recordSession(c, "session.sign-in", who.Username, who.External)
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, next)
}
