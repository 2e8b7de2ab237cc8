package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// GetConsent is GET /consents/{identifier}/{showcase}: visible to the
// showcase's owner and to the grantee.
func (h *Handler) GetConsent(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	id, name, ok := consentParams(c)
	if !ok {
		return
	}
	con, err := h.Service.Consent(c.Request.Context(), v, id, name)
	if err != nil {
		fail(c, err, "consent")
		return
	}
	c.JSON(http.StatusOK, consentView(con))
}
