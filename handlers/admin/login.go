package admin

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/console"
	"openbank/handlers/page"
)

// home is where a sign-in returns when no usable return path was given.
const home = "/admin/"

// Login is GET /admin/login: it remembers a fresh state, nonce and PKCE
// verifier in a short-lived cookie and sends the browser to the issuer.
func (h *Handler) Login(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	state, nonce, verifier := console.RandomToken(), console.RandomToken(), console.RandomToken()
	to, err := h.issuer.AuthCodeURL(c.Request.Context(), state, nonce, verifier)
	if err != nil {
		c.Error(err)
		h.notice(c, http.StatusBadGateway, "The sign-in service does not answer",
			"The console signs in at an OpenID provider that could not be reached. Try again in a moment.", "/admin/login", "Try again")
		return
	}
	ls := h.cookie(c.Request, loginCookie)
	ls.Values = map[any]any{"state": state, "nonce": nonce, "verifier": verifier, "next": page.LocalPath(c.Query("next"), home)}
	ls.Options = h.cookieOptions(loginLifetime)
	if err := ls.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, to)
}
