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
	var in gateway.CreateConsent
	if !jsonbody.Read(c, &in) {
		return
	}
	con, err := in.Consent()
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	limit := h.Limits.ConsentsPerShowcase
	con, err = store.CreateConsent(c.Request.Context(), h.Store, con, v, limit, gateway.GrantGate(v, con))
	switch {
	case errors.Is(err, store.ErrLimit):
		fault.Abort(c, limitReached("consents", limit))
	case errors.Is(err, store.ErrConflict):
		fault.Abort(c, exists("consent", "this username already holds a consent on this showcase; delete it to change the level"))
	case err != nil:
		fail(c, err, "showcase")
	default:
		c.JSON(http.StatusCreated, consentView(con))
	}
}
