package portal

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/oauth"
	"openbank/store"
	"openbank/views"
)

// AccountDeleteForm is GET /portal/account/delete: what goes and what
// stays, and the password that confirms.
func (h *Handler) AccountDeleteForm(c *gin.Context) {
	h.deletePage(c, http.StatusOK, "")
}

// AccountDelete is POST /portal/account/delete: with the right password
// (under the sign-in's throttle) the account and its test applications
// are deleted and the session cookie dropped.
func (h *Handler) AccountDelete(c *gin.Context) {
	ctx := c.Request.Context()
	_, err := h.service.DeleteAccount(ctx, developerOf(ctx), c.PostForm("password"), c.ClientIP())
	var oerr *oauth.Error
	switch {
	case errors.As(err, &oerr) && oerr.Status >= 500 && oerr.Status != http.StatusServiceUnavailable:
		h.fail(c, err)
		return
	case errors.As(err, &oerr):
		status := http.StatusUnauthorized
		if oerr.RetryAfter > 0 {
			status = oerr.Status
			c.Header("Retry-After", strconv.Itoa(int(oerr.RetryAfter.Seconds())))
		}
		h.deletePage(c, status, capitalise(oerr.Description)+".")
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	h.setSession(c, "")
	v := views.PortalAuthView{Mode: "notice", Message: "Your account and its test applications are deleted."}
	v.PortalPage = h.portalPage(c, "Account deleted")
	v.Developer = "" // signed out now
	v.EmailSent = h.service.EmailSent()
	page.Render(c, http.StatusOK, views.PortalAuthPage(v))
}

// deletePage renders the confirmation with problem (empty: none).
func (h *Handler) deletePage(c *gin.Context, status int, problem string) {
	ctx := c.Request.Context()
	closure, err := h.service.ClosureOf(ctx, developerOf(ctx))
	if err != nil {
		h.fail(c, err)
		return
	}
	v := views.PortalDeleteView{PortalPage: h.portalPage(c, "Delete your account"),
		Test: appRows(closure.Test), Production: appRows(closure.Production)}
	v.Problem = problem
	page.Render(c, status, views.PortalDeletePage(v))
}

func appRows(clients []store.Client) []views.PortalAppRow {
	out := make([]views.PortalAppRow, 0, len(clients))
	for _, a := range clients {
		out = append(out, views.PortalAppRow{ID: a.ClientID, Name: a.Name, Environment: a.Environment})
	}
	return out
}
