package mockbank

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/banks/xs2a/sandbox"
)

// Decide is POST /<bank>/app/<consent>/<authorisation>: the signed-in test
// user approves (action=approve: the mock bank decides as for the user's
// sign-in) or denies one of their requests. Signed out, or for a request
// that is not theirs or no longer waits, nothing is decided.
func (a *App) Decide(c *gin.Context) {
	info, ok := a.bank(c)
	if !ok {
		return
	}
	user := a.user(c, info)
	if user == "" {
		a.render(c, http.StatusForbidden, info, appPage{problem: "app.signin.first"})
		return
	}
	req := sandbox.Request{Consent: c.Param("id"), Authorisation: c.Param("auth")}
	approved, err := a.sandbox.Decide(c.Request.Context(), info.Code, user, req, c.PostForm("action") == "approve")
	switch {
	case errors.Is(err, sandbox.ErrNotWaiting):
		a.render(c, http.StatusNotFound, info, appPage{user: user, problem: "app.gone"})
	case err != nil:
		a.notices.failed(c, err)
	case approved:
		a.render(c, http.StatusOK, info, appPage{user: user, done: "app.approved"})
	default:
		a.render(c, http.StatusOK, info, appPage{user: user, done: "app.denied"})
	}
}
