package widget

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/views"
)

// Privacy is GET /widget/privacy: Openbank's privacy notice for the people
// who connect their bank, linked from the consent page.
func (h *Handler) Privacy(c *gin.Context) {
	wp := h.outsidePage(c, "")
	wp.Title = wp.T.Text("privacy.title")
	page.Render(c, http.StatusOK, views.WidgetPrivacyPage(wp))
}
