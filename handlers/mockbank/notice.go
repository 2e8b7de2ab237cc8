package mockbank

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/page"
	"openbank/views"
)

// notice renders a page in the widget's style that tells a bank customer
// what happened and what to do, and stops the chain.
func (h *Handler) notice(c *gin.Context, status int, heading, message, hint string) {
	h.noticeBack(c, status, views.WidgetNotice{Heading: heading, Message: message, Hint: hint})
}

// noticeBack renders n, which may offer a way back, and stops the chain.
func (h *Handler) noticeBack(c *gin.Context, status int, n views.WidgetNotice) {
	n.Title, n.Stylesheet = n.Heading, h.pages.Assets.Path("css/widget.css")
	page.Render(c, status, views.WidgetNoticePage(n))
	c.Abort()
}

// usedLink answers a sign-in link that was already used, was replaced by a
// newer one, or never existed. A link whose sign-in ended offers the way
// back to where that sign-in led (the widget's result, or the app); an
// address no sign-in ever had offers none, as there is none to trust.
func (h *Handler) usedLink(c *gin.Context, token string) {
	n := views.WidgetNotice{Heading: "This sign-in link no longer works",
		Message: "Each link to sign in with your bank works once, and this one has been used or replaced. If you already signed in, the app or website that sent you here has your answer.",
		Hint:    "To connect your bank, go back to that app or website and ask it for a new link."}
	if token != "" {
		back, err := h.service.UsedSCAPageReturn(c.Request.Context(), c.Param("bank"), token)
		if err != nil && !errors.Is(err, aggregation.ErrSCAClosed) {
			c.Error(err)
		}
		if err == nil {
			n.BackHref, n.BackLabel = back, "See how your sign-in ended"
			n.Hint = "Follow the button to see the answer, or go back to the app or website that sent you here and ask it for a new link."
		}
	}
	h.noticeBack(c, http.StatusNotFound, n)
}

// failed logs an unexpected error and says so.
func (h *Handler) failed(c *gin.Context, err error) {
	slog.ErrorContext(c.Request.Context(), "mock bank page", "error", err)
	h.notice(c, http.StatusInternalServerError, "Something went wrong on our side",
		"Your sign-in was not completed.", "Wait a moment, then go back to the app or website that sent you here and try again.")
}

// FormRefused answers a bank form the cross-site guard refused.
func (h *Handler) FormRefused(c *gin.Context) {
	h.notice(c, http.StatusForbidden, "This page has expired",
		"The page was open too long, or your browser blocked the cookie that keeps your sign-in safe.",
		"Go back to the app or website that sent you here and start connecting your bank again.")
}

// NotFound answers an address under /mockbank that does not exist.
func (h *Handler) NotFound(c *gin.Context) { h.usedLink(c, "") }
