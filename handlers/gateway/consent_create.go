package gateway

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// CreateConsent is POST /consents: a showcase's owner grants a username
// READ_ONLY or FULL_ACCESS.
func (h *Handler) CreateConsent(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	var in createConsentBody
	if !jsonbody.Read(c, &in) {
		return
	}
	con, err := h.Service.CreateConsent(c.Request.Context(), v, gateway.NewConsent(in))
	switch {
	case errors.Is(err, store.ErrLimit):
		fault.Abort(c, limitReached("consents", h.Service.Limits.ConsentsPerShowcase))
	case errors.Is(err, store.ErrConflict):
		fault.Abort(c, exists("consent", "this username already holds a consent on this showcase; delete it to change the level"))
	case err != nil:
		fail(c, err, "showcase")
	default:
		c.JSON(http.StatusCreated, consentView(con))
	}
}
