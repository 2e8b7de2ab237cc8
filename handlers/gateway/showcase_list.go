package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/store"
)

// ListShowcases is GET /showcases: the showcases the caller owns or holds
// a consent on.
func (h *Handler) ListShowcases(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	p, ok := readPage(c, store.ShowcaseSort.Fields())
	if !ok {
		return
	}
	res, err := h.Service.ListShowcases(c.Request.Context(), v, p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, showcaseView)
}
