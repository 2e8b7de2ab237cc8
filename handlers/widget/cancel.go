package widget

import (
	"strconv"

	"github.com/gin-gonic/gin"
)

// Cancel abandons the open sign-in of an embedded bank; the consent stays
// new: POST /widget/w/:id/cancel.
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
	h.toProgress(c, v, id)
}
