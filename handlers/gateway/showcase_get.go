package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
)

// GetShowcase is GET /showcases/{name}.
func (h *Handler) GetShowcase(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, ok := showcaseParam(c, "name")
	if !ok {
		return
	}
	s, ok := h.visibleShowcase(c, v, name, gateway.ShowcaseRead)
	if !ok {
		return
	}
	c.JSON(http.StatusOK, showcaseView(s))
}
