package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/store"
)

// ListReminders is GET /showcases/{showcase}/reminders.
func (h *Handler) ListReminders(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, ok := showcaseParam(c, "name")
	if !ok {
		return
	}
	p, ok := readPage(c, store.ReminderSort.Fields())
	if !ok {
		return
	}
	res, err := h.Service.ListReminders(c.Request.Context(), v, name, p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, reminderView)
}
