package widget

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/handlers/page"
	"openbank/store"
	"openbank/views"
	"openbank/widget"
)

// ClientNames gives the display name a client shows its subjects.
type ClientNames interface {
	ClientName(ctx context.Context, clientID string) (string, error)
}

// Handler serves the widget's JSON calls and pages.
type Handler struct {
	service *widget.Service
	names   ClientNames
	pages   page.Renderer
	cookies sessions.Store
	secure  bool // PUBLIC_URL is https: the cookie may cross sites inside an iframe
	checked *checkedSessions
	now     func() time.Time
}

// New builds the widget's handler. secure says whether PUBLIC_URL is https.
func New(service *widget.Service, names ClientNames, pages page.Renderer, cookies sessions.Store, secure bool) *Handler {
	return &Handler{service: service, names: names, pages: pages, cookies: cookies, secure: secure,
		checked: &checkedSessions{}, now: time.Now}
}

// widgetPage is the layout view model of a widget's page in the subject's
// language, titled by the message titleKey.
func (h *Handler) widgetPage(c *gin.Context, w *store.Widget, titleKey string, args ...string) views.WidgetPage {
	t := h.language(c, w)
	return views.WidgetPage{Title: t.Text(titleKey, args...), Stylesheet: h.pages.Assets.Path("css/widget.css"),
		ClientName: h.clientName(c, w.ClientID), T: t, Languages: languageSwitch(c, t.Lang())}
}

// outsidePage is the layout view model of a page shown outside a visit,
// in the browser's language; clientName is "" when the client is unknown.
func (h *Handler) outsidePage(c *gin.Context, clientName string) views.WidgetPage {
	t := page.Locale(c, page.Preferences{})
	return views.WidgetPage{Stylesheet: h.pages.Assets.Path("css/widget.css"), ClientName: clientName, T: t,
		Languages: languageSwitch(c, t.Lang())}
}

// languageSwitch links the page just asked for in each language. The
// answer to a form has none: its address does not show it again.
func languageSwitch(c *gin.Context, current string) []views.LanguageLink {
	if c.Request.Method != http.MethodGet {
		return nil
	}
	return page.Languages(c.Request.URL.RequestURI(), current)
}

// clientName is the name a client shows its subjects, its id when it has
// none, and "" when the client is not known.
func (h *Handler) clientName(c *gin.Context, clientID string) string {
	if clientID == "" {
		return ""
	}
	name, err := h.names.ClientName(c.Request.Context(), clientID)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "client name", "client", clientID, "error", err)
	}
	if err != nil || name == "" {
		return clientID
	}
	return name
}
