package admin

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Logout is POST /admin/logout: the session ends on every instance and
// its cookie is deleted.
func (h *Handler) Logout(c *gin.Context) {
	if err := h.endSession(c); err != nil {
		h.fail(c, err)
		return
	}
	h.notice(c, http.StatusOK, "You are signed out", "Your console session has ended on every device and instance.",
		"/admin/login", "Sign in again")
}
