package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
	"openbank/store"
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
	var in gateway.PatchShowcase
	if !jsonbody.Read(c, &in) {
		return
	}
	s, err := store.UpdateShowcase(c.Request.Context(), h.Store, name, v, func(cur store.Showcase) (store.Showcase, error) {
		if err := gateway.Authorize(v, cur, gateway.ShowcasePatch); err != nil {
			return cur, err
		}
		return in.Apply(cur)
	})
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	c.JSON(http.StatusOK, showcaseView(s))
}
