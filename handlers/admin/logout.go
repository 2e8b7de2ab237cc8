package admin

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/console"
)

// Logout is POST /admin/logout: the console's session ends on every
// instance, its cookie is deleted, and the admin's account session at the
// issuer ends too, so that signing in again asks for the password. An
// external issuer with an end-session endpoint finishes the sign-out there
// and sends the browser back to /admin/signed-out.
func (h *Handler) Logout(c *gin.Context) {
	ctx := c.Request.Context()
	id, _ := h.cookie(c.Request, sessionCookie).Values["sid"].(string)
	a, err := h.console.Resume(ctx, id)
	if err != nil && !errors.Is(err, console.ErrSignedOut) {
		h.fail(c, err)
		return
	}
	if err := h.endSession(c); err != nil {
		h.fail(c, err)
		return
	}
	to := "/admin/signed-out"
	if a.Username != "" {
		if err := h.recordSession(c, "session.sign-out", a.Username, a.External); err != nil {
			h.fail(c, err)
			return
		}
		out, err := h.issuer.SignOut(ctx, a.Username)
		if err != nil {
			h.fail(c, err)
			return
		}
		switch {
		case out != "":
			to = out
		case a.External: // an external issuer without an end-session endpoint
			to += "?issuer=kept"
		}
	}
	c.Redirect(http.StatusSeeOther, to)
}

// SignedOut is GET /admin/signed-out, where a sign-out ends; issuer=kept
// says that an external issuer's session could not be ended from here.
func (h *Handler) SignedOut(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	message := "Your console session and your sign-in have ended on every device and instance: signing in again asks for your password."
	if c.Query("issuer") == "kept" {
		message = "Your console session has ended on every device and instance. The sign-in service keeps its own session: " +
			"on a shared computer, sign out there too."
	}
	h.notice(c, http.StatusOK, "You are signed out", message, "/admin/login", "Sign in again")
}
