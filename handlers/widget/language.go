package widget

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/handlers/page"
	"openbank/i18n"
	"openbank/store"
)

// langCookie keeps the language a subject chose on the switch, for one
// widget (its path is the widget's, like the session's).
const langCookie = "ob_lang"

// language is the language of a widget's pages (page.Locale): the switch
// (?lang=, kept in a cookie for the rest of the visit), the widget's
// locale, the browser's, then the client's default.
func (h *Handler) language(c *gin.Context, w *store.Widget) i18n.Printer {
	chosen := ""
	if lang := i18n.Match(c.Query(page.LangParam)); lang != "" {
		http.SetCookie(c.Writer, sessions.NewCookie(langCookie, lang, h.cookieOptions(w.ID)))
	} else if ck, err := c.Request.Cookie(langCookie); err == nil {
		chosen = ck.Value
	}
	return page.Locale(c, page.Preferences{Chosen: chosen, Requested: w.Locale, Default: h.defaultLocale(c, w.ClientID)})
}

// defaultLocale is the client's default language, "" when it has none.
func (h *Handler) defaultLocale(c *gin.Context, clientID string) string {
	if clientID == "" {
		return ""
	}
	settings, err := h.service.Aggregation.Clients.Settings(c.Request.Context(), clientID)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "client settings", "client", clientID, "error", err)
		return ""
	}
	return settings.DefaultLocale
}
