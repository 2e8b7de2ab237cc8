package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
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
	allow := func(con store.Consent) error { return gateway.DeleteConsent(v, con) }
	if err := store.DeleteConsent(c.Request.Context(), h.Store, id, name, allow); err != nil {
		fail(c, err, "consent")
		return
	}
	c.Status(http.StatusNoContent)
}
