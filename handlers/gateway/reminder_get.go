package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// GetReminder is GET /showcases/{showcase}/reminders/{identifier}.
func (h *Handler) GetReminder(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, id, ok := reminderParams(c)
	if !ok {
		return
	}
	r, err := h.Service.Reminder(c.Request.Context(), v, name, id)
	if err != nil {
		fail(c, err, "showcase") // a missing reminder names itself
		return
	}
	c.JSON(http.StatusOK, reminderView(r))
}
