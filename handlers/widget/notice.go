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
// the way back to it.
func (h *Handler) visitNotice(c *gin.Context, status int, w *store.Widget, heading, message, hint, retry string) {
	wp := h.widgetPage(c, w, heading)
	wp.CancelHref = (&visit{widget: w}).path("/done")
	h.notice(c, status, views.WidgetNotice{WidgetPage: wp, Heading: heading, Message: message, Hint: hint, RetryHref: retry})
}

// invalidLink answers a link this server did not sign or that names
// another widget: there is no trustworthy address to send the subject to.
func (h *Handler) invalidLink(c *gin.Context) {
	h.notice(c, http.StatusNotFound, views.WidgetNotice{
		Heading: "This link does not work",
		Message: "The link you opened to connect your bank is incomplete or was changed on the way.",
		Hint:    "Ask the app or website that sent you here for a new link.",
	})
}

// refusedOpening explains an expired, used-up or removed link and offers a
// button back to the client, whose returnTo learns nothing else.
func (h *Handler) refusedOpening(c *gin.Context, o *widget.Opening) {
	name := h.clientName(c, o.ClientID)
	n := views.WidgetNotice{WidgetPage: views.WidgetPage{ClientName: name}, BackHref: o.Return,
		BackLabel: "Go back to " + name, Hint: "Go back to " + name + " and ask for a new link to connect your bank."}
	if name == "" {
		n.BackLabel, n.Hint = "Go back", "Go back to the app or website that sent you here and ask for a new link."
	}
	status := http.StatusGone
	switch o.Refused {
	case widget.Expired:
		n.Heading, n.Message = "This link has expired", "Links to connect your bank only work for a limited time, and this one has run out."
	case widget.TooManyOpenings:
		n.Heading, n.Message = "This link has been opened too many times", "To keep your bank details safe, a link can only be opened a few times."
	default:
		status = http.StatusNotFound
		n.Heading, n.Message = "This link is no longer valid", "The request to connect your bank that it belonged to no longer exists."
	}
	h.notice(c, status, n)
}

// FormRefused answers a widget form the cross-site guard refused: the page
// was open too long or the browser blocked its cookies.
func (h *Handler) FormRefused(c *gin.Context) {
	h.notice(c, http.StatusForbidden, views.WidgetNotice{
		Heading: "This page has expired",
		Message: "The page was open too long, or your browser blocked the cookie that keeps this step safe.",
		Hint:    "Go back, reload the page and try again. If it keeps happening, ask the app or website that sent you here for a new link.",
	})
}

// NotFound answers an address under /widget that does not exist, in the
// widget's words rather than the developer site's.
func (h *Handler) NotFound(c *gin.Context) { h.invalidLink(c) }
