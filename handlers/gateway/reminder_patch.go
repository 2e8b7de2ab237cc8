package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
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
	var in patchReminderBody
	if !jsonbody.Read(c, &in) {
		return
	}
	r, err := h.Service.PatchReminder(c.Request.Context(), v, name, id, gateway.ReminderChange(in))
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	c.JSON(http.StatusOK, reminderView(r))
}
