package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
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
	if err := store.DeleteShowcase(c.Request.Context(), h.Store, name, v, gateway.Gate(v, gateway.ShowcaseDelete)); err != nil {
		fail(c, err, "showcase")
		return
	}
	c.Status(http.StatusNoContent)
}
