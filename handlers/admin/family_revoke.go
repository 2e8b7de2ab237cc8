package admin

import (
	"github.com/gin-gonic/gin"

	"openbank/views"
)

// FamilyRevoke is POST /admin/families/:id/revoke: the grant's refresh
// tokens stop at once, its access tokens on every instance.
func (h *Handler) FamilyRevoke(c *gin.Context) {
	id := c.Param("id")
	if !h.confirmed(c, "users", views.ConfirmFamilyRevoke(id)) {
		return
	}
	if err := h.registry.RevokeGrant(c.Request.Context(), id); err != nil {
		h.fail(c, err)
		return
	}
	if err := h.record(c, "family.revoke", "grant/"+id, nil, nil); err != nil {
		h.fail(c, err)
		return
	}
	h.done(c, "/admin/users#families", "Refresh-token family revoked.")
}
