package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/store"
)

// ListConsents is GET /consents: the consents on showcases the caller owns
// and those granted to the caller's username.
func (h *Handler) ListConsents(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	p, ok := readPage(c, store.ConsentSort.Fields())
	if !ok {
		return
	}
	res, err := h.Service.ListConsents(c.Request.Context(), v, p)
	if err != nil {
		fail(c, err, "consent")
		return
	}
	renderPage(c, p, res, consentView)
}
