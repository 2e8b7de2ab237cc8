package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// DeleteShowcase is DELETE /showcases/{name}: the owner deletes the
// showcase with its reminders and consents.
func (h *Handler) DeleteShowcase(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, ok := showcaseParam(c, "name")
	if !ok {
		return
	}
	if err := h.Service.DeleteShowcase(c.Request.Context(), v, name); err != nil {
		fail(c, err, "showcase")
		return
	}
	c.Status(http.StatusNoContent)
}
