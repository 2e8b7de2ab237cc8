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
	var in searchShowcaseBody
	if !jsonbody.Read(c, &in) {
		return
	}
	res, err := h.Service.SearchShowcases(c.Request.Context(), v, gateway.ShowcaseSearch(in), p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, showcaseView)
}
