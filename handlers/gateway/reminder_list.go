package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
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
	if _, ok := h.visibleShowcase(c, v, name, gateway.ShowcaseRead); !ok {
		return
	}
	res, err := store.ListReminders(c.Request.Context(), h.Store, name, store.ReminderFilter{}, p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, reminderView)
}
