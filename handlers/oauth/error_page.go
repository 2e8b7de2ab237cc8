package oauth

import (
	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// errorPage answers a person on the authorization pages with an error page
// in their language (the switch, ui_locales, Accept-Language) and stops
// the chain; message and hint are message keys, detail is the technical
// cause an app's developer needs, which stays as the server wrote it.
func (h *Handler) errorPage(c *gin.Context, status int, message, hint, detail string) {
	t := page.Locale(c, page.Preferences{Requested: c.Query("ui_locales")})
	p := h.pages.Page(t.Text(message))
	p.T = t
	if c.Request.Method == "GET" {
		p.Languages = page.Languages(c.Request.URL.RequestURI(), t.Lang())
	}
	page.Render(c, status, views.ErrorPage(views.ErrorView{Page: p, Status: status, Message: t.Text(message),
		Hint: t.Text(hint), Detail: detail}))
	c.Abort()
}
