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
	if err != nil {
		h.bankFailed(c, token, err)
		return
	}
	c.Redirect(http.StatusSeeOther, back)
}

// bankFailed answers a bank with its own sign-in page that could not be
// asked: a link already used, a bank that does not answer (a page that
// says so; reloading asks again), or our own failure.
func (h *Handler) bankFailed(c *gin.Context, token string, err error) {
	var pe *banks.ProviderError
	_, throttled := banks.Throttled(err)
	switch {
	case errors.Is(err, aggregation.ErrSCAClosed):
		h.usedLink(c, token)
	case errors.As(err, &pe) || throttled:
		slog.WarnContext(c.Request.Context(), "bank sign-in", "provider", c.Param("bank"), "error", err)
		h.notice(c, http.StatusServiceUnavailable, "Your bank is not answering",
			"We could not reach your bank to go on with your sign-in.", "Wait a minute, then reload this page.")
	default:
		h.failed(c, err)
	}
}
