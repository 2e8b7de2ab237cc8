package admin

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/views"
)

// confirmed reports whether the posted form confirms an irreversible
// action. When it does not, it renders v, the confirmation page naming what
// the action breaks, whose form posts the same action again with
// confirm=yes; nothing has changed.
func (h *Handler) confirmed(c *gin.Context, section string, v views.AdminConfirm) bool {
	if c.PostForm("confirm") == "yes" {
		return true
	}
	v.AdminPage = h.adminPage(c, v.Heading, section)
	v.Action = c.Request.URL.Path
	h.render(c, http.StatusOK, views.AdminConfirmPage(v))
	return false
}
