package gateway

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/handlers/fault"
	"openbank/handlers/jsonbody"
	"openbank/store"
)

// CreateReminder is POST /showcases/{showcase}/reminders: the owner or a
// FULL_ACCESS grantee adds a reminder.
func (h *Handler) CreateReminder(c *gin.Context) {
	v, ok := viewer(c)
	if !ok {
		return
	}
	name, ok := showcaseParam(c, "name")
	if !ok {
		return
	}
	var in createReminderBody
	if !jsonbody.Read(c, &in) {
		return
	}
	r, err := h.Service.CreateReminder(c.Request.Context(), v, name, gateway.NewReminder(in))
	switch {
	case errors.Is(err, store.ErrLimit):
		fault.Abort(c, limitReached("reminders", h.Service.Limits.RemindersPerShowcase))
	case err != nil:
		fail(c, err, "showcase")
	default:
		c.JSON(http.StatusCreated, reminderView(r))
	}
}
