package mockbank

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/banks"
)

// Return is where a bank with its own sign-in page sends the subject
// back (its TPP-Redirect-URI): GET /mockbank/:bank/return?token=. The
// bank says how the SCA ended and the subject goes on as from a mock
// bank's page; a bank that cannot say gets a page that says so, and the
// same link works again later.
func (h *Handler) Return(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	token := c.Query("token")
	back, err := h.service.ReturnFromBank(c.Request.Context(), c.Param("bank"), token)
	var pe *banks.ProviderError
	_, throttled := banks.Throttled(err)
	switch {
	case errors.Is(err, aggregation.ErrSCAClosed):
		h.usedLink(c, token)
	case errors.As(err, &pe) || throttled:
		slog.WarnContext(c.Request.Context(), "bank return", "provider", c.Param("bank"), "error", err)
		h.notice(c, http.StatusServiceUnavailable, "Your bank is not answering",
			"We could not ask your bank how your sign-in ended.", "Wait a minute, then reload this page.")
	case err != nil:
		h.failed(c, err)
	default:
		c.Redirect(http.StatusSeeOther, back)
	}
}
