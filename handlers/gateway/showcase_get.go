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
	s, err := h.Service.Showcase(c.Request.Context(), v, name, gateway.ShowcaseRead)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	c.JSON(http.StatusOK, showcaseView(s))
}
