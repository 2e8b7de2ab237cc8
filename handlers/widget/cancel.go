package widget

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/widget"
)

// Cancel abandons the open sign-in of an embedded bank; the consent stays
// new: POST /widget/w/:id/cancel. With leave=1 ("Cancel and go back") the
// subject goes straight back to the client, with leave=banks ("Choose
// another bank") to the list of banks, else to the result page.
func (h *Handler) Cancel(c *gin.Context) {
	v := visitOf(c)
	id, _ := strconv.ParseInt(c.PostForm("c"), 10, 64)
	if err := h.service.AbandonSCA(c.Request.Context(), v.widget, id); err != nil {
		h.widgetError(c, err)
		return
	}
	v.clearPending()
	if err := v.session.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return
	}
	switch c.PostForm("leave") {
	case "1":
		c.Redirect(http.StatusSeeOther, v.path("/done"))
		return
	case "banks":
		if v.widget.Kind != widget.KindReconnect {
			c.Redirect(http.StatusSeeOther, v.path("/banks"))
			return
		}
	}
	h.toProgress(c, v, id)
}
