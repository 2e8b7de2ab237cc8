package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// PatchReminder is PATCH /showcases/{showcase}/reminders/{identifier}: the
// owner or a FULL_ACCESS grantee changes relevance or text.
func (h *Handler) PatchReminder(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, id, ok := reminderParams(c)
	if !ok {
		return
	}
	var in gateway.PatchReminder
	if !jsonbody.Read(c, &in) {
		return
	}
	if err := in.Check(); err != nil {
		fail(c, err, "showcase")
		return
	}
	gate := gateway.Gate(v, gateway.RemindersWrite)
	r, err := store.UpdateReminder(c.Request.Context(), h.Store, name, id, v, gate, in.Apply)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	c.JSON(http.StatusOK, reminderView(r))
}
