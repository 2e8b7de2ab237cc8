package widget

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/handlers/secure"
	"openbank/store"
	"openbank/views"
)

// cookieName is the widget's session cookie; its path is the widget's own.
const cookieName = "ob_widget"

const visitKey = "widget.visit"

// visit is a browser's pass through one widget after opening its link.
type visit struct {
	widget  *store.Widget
	session *sessions.Session
}

// path is the address of one of the widget's pages.
func (v *visit) path(suffix string) string { return fmt.Sprintf("/widget/w/%d%s", v.widget.ID, suffix) }

func visitOf(c *gin.Context) *visit { return c.MustGet(visitKey).(*visit) }

// cookieOptions scope the cookie to one widget. Over https it may travel
// inside the client's iframe (SameSite=None; Partitioned); over plain http
// (local development) browsers only accept SameSite=Lax.
func (h *Handler) cookieOptions(widgetID int64) *sessions.Options {
	o := &sessions.Options{Path: fmt.Sprintf("/widget/w/%d", widgetID), MaxAge: 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode}
	if h.secure {
		o.Secure, o.SameSite, o.Partitioned = true, http.SameSiteNoneMode, true
	}
	return o
}

// startVisit gives the browser a fresh session for the widget it opened.
func (h *Handler) startVisit(c *gin.Context, w *store.Widget) error {
	s := sessions.NewSession(h.cookies, cookieName)
	s.Values["w"] = w.ID
	s.Options = h.cookieOptions(w.ID)
	return s.Save(c.Request, c.Writer)
}

// Visit guards the widget's pages: it loads the widget, lets the client's
// origins frame it and requires the session its opening started (403
// without it). The CSRF guard after it checks the forms.
func (h *Handler) Visit(c *gin.Context) {
	ctx := c.Request.Context()
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		h.invalidLink(c)
		return
	}
	w, err := h.service.Widget(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		h.invalidLink(c)
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	h.allowFraming(c, w)
	s, err := h.session(c.Request)
	if owner, _ := s.Values["w"].(int64); err != nil || owner != w.ID {
		wp := h.widgetPage(c, w, "notice.session")
		t := wp.T
		h.notice(c, http.StatusForbidden, views.WidgetNotice{WidgetPage: wp,
			Heading:  t.Text("notice.session"),
			Message:  t.Text("notice.session.message"),
			Hint:     t.Text("notice.session.hint", "client", wp.ClientName),
			BackHref: w.ReturnTo, BackLabel: t.Text("widget.back.client", "client", wp.ClientName)})
		return
	}
	s.Options = h.cookieOptions(w.ID)
	c.Set(visitKey, &visit{widget: w, session: s})
	c.Header("Cache-Control", "no-store")
	c.Next()
}

// allowFraming lets the client's registered origins show the widget in an iframe.
func (h *Handler) allowFraming(c *gin.Context, w *store.Widget) {
	settings, err := h.service.Aggregation.Clients.Settings(c.Request.Context(), w.ClientID)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "client settings", "client", w.ClientID, "error", err)
		return
	}
	secure.AllowFraming(c, settings.ReturnToOrigins)
}

// fail logs an unexpected error and says so on a widget page; a page
// that was only being read may simply be loaded again.
func (h *Handler) fail(c *gin.Context, err error) {
	slog.ErrorContext(c.Request.Context(), "widget page failed", "error", err)
	wp := h.outsidePage(c, "")
	if v, ok := c.Get(visitKey); ok {
		wp = h.widgetPage(c, v.(*visit).widget, "notice.failed")
		wp.CancelHref = v.(*visit).path("/done")
	}
	n := views.WidgetNotice{WidgetPage: wp, Heading: wp.T.Text("notice.failed"),
		Message: wp.T.Text("notice.failed.message"), Hint: wp.T.Text("notice.failed.hint")}
	if c.Request.Method == http.MethodGet {
		n.RetryHref = c.Request.URL.RequestURI()
	}
	h.notice(c, http.StatusInternalServerError, n)
}
