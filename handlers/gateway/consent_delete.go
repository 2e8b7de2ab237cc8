package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// DeleteConsent is DELETE /consents/{identifier}/{showcase}: the showcase's
// owner revokes a consent.
func (h *Handler) DeleteConsent(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	id, name, ok := consentParams(c)
	if !ok {
		return
	}
	if err := h.Service.DeleteConsent(c.Request.Context(), v, id, name); err != nil {
		fail(c, err, "consent")
		return
	}
	c.Status(http.StatusNoContent)
}
