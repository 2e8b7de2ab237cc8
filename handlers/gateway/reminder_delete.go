package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// DeleteReminder is DELETE /showcases/{showcase}/reminders/{identifier}:
// the owner or a FULL_ACCESS grantee removes a reminder.
func (h *Handler) DeleteReminder(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, id, ok := reminderParams(c)
	if !ok {
		return
	}
	if err := h.Service.DeleteReminder(c.Request.Context(), v, name, id); err != nil {
		fail(c, err, "showcase")
		return
	}
	c.Status(http.StatusNoContent)
}
