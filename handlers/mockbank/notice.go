package mockbank

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/aggregation"
	"openbank/handlers/page"
	"openbank/i18n"
	"openbank/views"
)

// notice renders a page in the widget's style that tells a bank customer
// what happened and what to do, and stops the chain; heading, message and
// hint are message keys.
func (h *Handler) notice(c *gin.Context, status int, heading, message, hint string) {
	t := language(c)
	h.noticeBack(c, status, t, views.WidgetNotice{Heading: t.Text(heading), Message: t.Text(message), Hint: t.Text(hint)})
}

// noticeBack renders n, in the language of t, which may offer a way back,
// and stops the chain. A page answering a form has no language switch:
// its address does not show it again.
func (h *Handler) noticeBack(c *gin.Context, status int, t i18n.Printer, n views.WidgetNotice) {
	n.Title, n.Stylesheet, n.T = n.Heading, h.pages.Assets.Path("css/widget.css"), t
	if c.Request.Method == http.MethodGet {
		n.Languages = page.Languages(c.Request.URL.RequestURI(), t.Lang())
	}
	page.Render(c, status, views.WidgetNoticePage(n))
	c.Abort()
}

// usedLink answers a sign-in link that was already used, was replaced by a
// newer one, or never existed. A link whose sign-in ended offers the way
// back to where that sign-in led (the widget's result, or the app); an
// address no sign-in ever had offers none, as there is none to trust.
func (h *Handler) usedLink(c *gin.Context, token string) {
	t := language(c)
	n := views.WidgetNotice{Heading: t.Text("bank.used"), Message: t.Text("bank.used.message"), Hint: t.Text("bank.used.hint")}
	if token != "" {
		back, err := h.service.UsedSCAPageReturn(c.Request.Context(), c.Param("bank"), token)
		if err != nil && !errors.Is(err, aggregation.ErrSCAClosed) {
			c.Error(err)
		}
		if err == nil {
			n.BackHref, n.BackLabel = back, t.Text("bank.used.back")
			n.Hint = t.Text("bank.used.hint.back")
		}
	}
	h.noticeBack(c, http.StatusNotFound, t, n)
}

// failed logs an unexpected error and says so.
func (h *Handler) failed(c *gin.Context, err error) {
	slog.ErrorContext(c.Request.Context(), "mock bank page", "error", err)
	h.notice(c, http.StatusInternalServerError, "notice.failed", "bank.failed.message", "bank.failed.hint")
}

// FormRefused answers a bank form the cross-site guard refused.
func (h *Handler) FormRefused(c *gin.Context) {
	h.notice(c, http.StatusForbidden, "notice.form", "bank.form.message", "bank.form.hint")
}

// NotFound answers an address under /mockbank that does not exist.
func (h *Handler) NotFound(c *gin.Context) { h.usedLink(c, "") }
