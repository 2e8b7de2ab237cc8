package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
)

// PatchShowcase is PATCH /showcases/{name}: the owner or a FULL_ACCESS
// grantee changes the validity.
func (h *Handler) PatchShowcase(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, ok := showcaseParam(c, "name")
	if !ok {
		return
	}
	var in patchShowcaseBody
	if !jsonbody.Read(c, &in) {
		return
	}
	s, err := h.Service.PatchShowcase(c.Request.Context(), v, name, gateway.ShowcaseChange(in))
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	c.JSON(http.StatusOK, showcaseView(s))
}
