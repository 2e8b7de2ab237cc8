package mockbank

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/banks"
	"openbank/banks/xs2a/sandbox"
	"openbank/handlers/page"
)

// SignIn is POST /<bank>/app: the test user signs in with the bank's own
// credentials (action=signout signs out). A wrong customer ID or password
// shows the form again and signs no one in.
func (a *App) SignIn(c *gin.Context) {
	info, ok := a.bank(c)
	if !ok {
		return
	}
	if c.PostForm("action") == "signout" {
		a.signedIn(c, info, "")
		return
	}
	username := c.PostForm("username")
	err := a.sandbox.SignIn(c.Request.Context(), info.Code, username, c.PostForm("password"))
	if errors.Is(err, sandbox.ErrSignIn) {
		a.render(c, http.StatusUnprocessableEntity, info, appPage{username: username, problem: "bank.wrong.credentials"})
		return
	}
	if err != nil {
		a.notices.failed(c, err)
		return
	}
	a.signedIn(c, info, username)
}

// signedIn keeps the sign-in (or its end) and shows the app again.
func (a *App) signedIn(c *gin.Context, info banks.Info, user string) {
	if err := a.keep(c, info, user); err != nil {
		a.notices.failed(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, a.path(info)+"?"+page.LangParam+"="+language(c).Lang())
}
