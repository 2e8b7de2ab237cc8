package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// SearchShowcases is POST /showcases/search: the visible showcases whose
// name contains nameFilter (any case) and whose validity lies within
// startValidity and endValidity.
func (h *Handler) SearchShowcases(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	p, ok := readPage(c, store.ShowcaseSort.Fields())
	if !ok {
		return
	}
	var in gateway.SearchShowcase
	if !jsonbody.Read(c, &in) {
		return
	}
	f, err := in.Filter()
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	res, err := store.ListShowcases(c.Request.Context(), h.Store, v, f, p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, showcaseView)
}
