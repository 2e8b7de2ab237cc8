package gateway

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// CreateShowcase is POST /showcases: a showcase owned by the caller.
func (h *Handler) CreateShowcase(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	var in createShowcaseBody
	if !jsonbody.Read(c, &in) {
		return
	}
	s, err := h.Service.CreateShowcase(c.Request.Context(), v, gateway.NewShowcase(in))
	switch {
	case errors.Is(err, store.ErrLimit):
		fault.Abort(c, limitReached("showcases", h.Service.Limits.ShowcasesPerOwner))
	case errors.Is(err, store.ErrConflict):
		fault.Abort(c, exists("showcase", "the name "+strconv.Quote(requestedName(in.Name))+" is taken; choose another or omit name to have one generated"))
	case err != nil:
		fail(c, err, "showcase")
	default:
		c.JSON(http.StatusCreated, showcaseView(s))
	}
}

// requestedName is the name a create asked for; "" when it asked none.
func requestedName(name *string) string {
	if name == nil {
		return ""
	}
	return *name
}
