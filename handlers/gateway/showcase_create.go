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

// CreateShowcase is POST /showcases: a showcase owned by the caller.
func (h *Handler) CreateShowcase(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	var in gateway.CreateShowcase
	if !jsonbody.Read(c, &in) {
		return
	}
	s, err := in.Showcase(v.Subject, h.Clock())
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	s, err = store.CreateShowcase(c.Request.Context(), h.Store, s, h.Limits.ShowcasesPerOwner)
	switch {
	case errors.Is(err, store.ErrLimit):
		fault.Abort(c, limitReached("showcases", h.Limits.ShowcasesPerOwner))
	case errors.Is(err, store.ErrConflict):
		fault.Abort(c, exists("showcase", "the name "+s.Name+" is taken; choose another or omit name to have one generated"))
	case err != nil:
		fail(c, err, "showcase")
	default:
		c.JSON(http.StatusCreated, showcaseView(s))
	}
}
