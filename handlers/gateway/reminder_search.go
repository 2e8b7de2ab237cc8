package gateway

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// SearchReminders is POST /showcases/{showcase}/reminders/search: the
// reminders with exactly this relevance whose text contains textFilter
// (any case).
func (h *Handler) SearchReminders(c *gin.Context) {
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
	var in searchReminderBody
	if !jsonbody.Read(c, &in) {
		return
	}
	res, err := h.Service.SearchReminders(c.Request.Context(), v, name, gateway.ReminderSearch(in), p)
	if err != nil {
		fail(c, err, "showcase")
		return
	}
	renderPage(c, p, res, reminderView)
}
