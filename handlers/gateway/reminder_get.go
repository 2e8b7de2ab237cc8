package gateway

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
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
	if _, ok := h.visibleShowcase(c, v, name, gateway.ShowcaseRead); !ok {
		return
	}
	r, err := store.GetReminder(c.Request.Context(), h.Store, name, id)
	if err != nil {
		fail(c, err, "reminder")
		return
	}
	c.JSON(http.StatusOK, reminderView(r))
}
