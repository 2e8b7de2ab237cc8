package admin

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	"openbank/store"
)

// problem turns a refusal of the domain into a status and a sentence for
// the form; ok is false for an unexpected error.
func problem(err error) (status int, message string, ok bool) {
	var fe *gateway.FieldError
	switch {
	case errors.As(err, &fe):
		return http.StatusBadRequest, fe.Field + " " + fe.Problem + ".", true
	case errors.Is(err, store.ErrNoText):
		return http.StatusBadRequest, "selectableTextIdx must be an index of the reminder-text catalogue.", true
	case errors.Is(err, store.ErrLimit):
		return http.StatusConflict, "The limit is reached: remove one first or raise the configured limit.", true
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, "That already exists.", true
	case errors.Is(err, store.ErrNotFound), errors.Is(err, gateway.ErrHidden):
		return http.StatusNotFound, "It does not exist (any more).", true
	case errors.Is(err, gateway.ErrForbidden):
		return http.StatusForbidden, "The gateway's rules do not allow that.", true
	}
	return 0, "", false
}

// missing answers a record that does not exist.
func (h *Handler) missing(c *gin.Context, what string) {
	h.notice(c, http.StatusNotFound, what+" does not exist", "It may have been deleted in the meantime.", "/admin/", "Go to the dashboard")
}
