package widget

import (
	"context"
	"log/slog"
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

// widgetPage is the layout view model of a widget's page.
func (h *Handler) widgetPage(c *gin.Context, w *store.Widget, title string) views.WidgetPage {
	return views.WidgetPage{Title: title, Stylesheet: h.pages.Assets.Path("css/widget.css"), ClientName: h.clientName(c, w.ClientID)}
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
