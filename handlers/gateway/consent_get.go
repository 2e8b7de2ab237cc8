package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
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
	con, err := store.GetConsent(c.Request.Context(), h.Store, id, name)
	if err == nil {
		err = gateway.SeeConsent(v, con)
	}
	if err != nil {
		fail(c, err, "consent")
		return
	}
	c.JSON(http.StatusOK, consentView(con))
}
