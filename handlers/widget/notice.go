package widget

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/page"
	"openbank/store"
	"openbank/views"
	"openbank/widget"
)

// notice renders a widget-styled page that says what happened and what to
// do, and stops the chain. The subject is a bank customer: never the
// developer site's error page.
func (h *Handler) notice(c *gin.Context, status int, n views.WidgetNotice) {
	if n.Title == "" {
		n.Title = n.Heading
	}
	n.Stylesheet = h.pages.Assets.Path("css/widget.css")
	page.Render(c, status, views.WidgetNoticePage(n))
	c.Abort()
}

// visitNotice is a notice inside a visit: it names the client and offers
// the way back to it. heading, message and hint are message keys.
func (h *Handler) visitNotice(c *gin.Context, status int, w *store.Widget, heading, message, hint, retry string) {
	wp := h.widgetPage(c, w, heading)
	wp.CancelHref = (&visit{widget: w}).path("/done")
	t := wp.T
	h.notice(c, status, views.WidgetNotice{WidgetPage: wp, Heading: t.Text(heading), Message: t.Text(message),
		Hint: t.Text(hint), RetryHref: retry})
}

// invalidLink answers a link this server did not sign or that names
// another widget: there is no trustworthy address to send the subject to.
func (h *Handler) invalidLink(c *gin.Context) {
	wp := h.outsidePage(c, "")
	h.notice(c, http.StatusNotFound, views.WidgetNotice{WidgetPage: wp,
		Heading: wp.T.Text("notice.invalid"),
		Message: wp.T.Text("notice.invalid.message"),
		Hint:    wp.T.Text("notice.invalid.hint"),
	})
}

// refusedOpening explains an expired, used-up or removed link and offers a
// button back to the client, whose returnTo learns nothing else.
func (h *Handler) refusedOpening(c *gin.Context, o *widget.Opening) {
	name := h.clientName(c, o.ClientID)
	t := page.Locale(c, page.Preferences{Requested: o.Locale, Default: h.defaultLocale(c, o.ClientID)})
	wp := views.WidgetPage{Stylesheet: h.pages.Assets.Path("css/widget.css"), ClientName: name, T: t,
		Languages: languageSwitch(c, t.Lang())}
	n := views.WidgetNotice{WidgetPage: wp, BackHref: o.Return, BackLabel: t.Text("widget.back.client", "client", name),
		Hint: t.Text("notice.refused.hint.client", "client", name)}
	if name == "" {
		n.BackLabel, n.Hint = t.Text("widget.back"), t.Text("notice.refused.hint")
	}
	status := http.StatusGone
	switch o.Refused {
	case widget.Expired:
		n.Heading, n.Message = t.Text("notice.expired"), t.Text("notice.expired.message")
	case widget.TooManyOpenings:
		n.Heading, n.Message = t.Text("notice.openings"), t.Text("notice.openings.message")
	default:
		status = http.StatusNotFound
		n.Heading, n.Message = t.Text("notice.gone"), t.Text("notice.gone.message")
	}
	h.notice(c, status, n)
}

// FormRefused answers a widget form the cross-site guard refused: the page
// was open too long or the browser blocked its cookies.
func (h *Handler) FormRefused(c *gin.Context) {
	wp := h.outsidePage(c, "")
	h.notice(c, http.StatusForbidden, views.WidgetNotice{WidgetPage: wp,
		Heading: wp.T.Text("notice.form"),
		Message: wp.T.Text("notice.form.message"),
		Hint:    wp.T.Text("notice.form.hint"),
	})
}

// NotFound answers an address under /widget that does not exist, in the
// widget's words rather than the developer site's.
func (h *Handler) NotFound(c *gin.Context) { h.invalidLink(c) }
