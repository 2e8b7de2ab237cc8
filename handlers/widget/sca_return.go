package widget

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/widget"
)

// Return is where a bank's own sign-in page sends the subject back:
// GET /widget/w/:id/return?connectionId=. The outcome is read from the
// database, never from the address.
func (h *Handler) Return(c *gin.Context) {
	v := visitOf(c)
	id, _ := strconv.ParseInt(c.Query("connectionId"), 10, 64)
	if _, err := h.service.SCAReturned(c.Request.Context(), v.widget, id); err != nil {
		h.widgetError(c, err)
		return
	}
	h.toProgress(c, v, id)
}

func (h *Handler) toProgress(c *gin.Context, v *visit, connectionID int64) {
	c.Redirect(http.StatusSeeOther, v.path(fmt.Sprintf("/progress?c=%d", connectionID)))
}

// widgetError shows the page for a connection the widget does not know,
// or the generic error page.
func (h *Handler) widgetError(c *gin.Context, err error) {
	if errors.Is(err, widget.ErrUnknownConnection) {
		v := visitOf(c)
		retry := v.path("/banks")
		if v.widget.Kind == widget.KindReconnect {
			retry = ""
		}
		h.visitNotice(c, http.StatusNotFound, v.widget, "notice.connection", "notice.connection.message",
			"notice.connection.hint", retry)
		return
	}
	h.fail(c, err)
}
