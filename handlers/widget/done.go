package widget

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Done ends the visit and sends the subject back to the client's returnTo,
// with connectionId=<id>,<status> per connection when the client asked for
// it: GET /widget/w/:id/done.
func (h *Handler) Done(c *gin.Context) {
	v := visitOf(c)
	back, err := h.service.Finish(c.Request.Context(), v.widget)
	if err != nil {
		h.fail(c, err)
		return
	}
	v.session.Options.MaxAge = -1
	if err := v.session.Save(c.Request, c.Writer); err != nil {
		h.fail(c, err)
		return
	}
	c.Redirect(http.StatusSeeOther, back)
}
