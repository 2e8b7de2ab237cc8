package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
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
	gate := gateway.Gate(v, gateway.RemindersWrite)
	if err := store.DeleteReminder(c.Request.Context(), h.Store, name, id, v, gate); err != nil {
		fail(c, err, "showcase")
		return
	}
	c.Status(http.StatusNoContent)
}
