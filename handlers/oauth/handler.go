package oauth

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/handlers/page"
	"openbank/oauth"
)

// Handler serves the OAuth and OpenID Connect endpoints.
type Handler struct {
	server   *oauth.Server
	pages    page.Renderer
	sessions sessions.Store
	issuer   string
}

// New builds the handler over the authorization server, the page renderer
// and the login session store.
func New(server *oauth.Server, pages page.Renderer, store sessions.Store) *Handler {
	return &Handler{server: server, pages: pages, sessions: store, issuer: server.Issuer()}
}

// errorBody is the RFC 6749 §5.2 error document.
type errorBody struct {
	Error       string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

// protocolError answers err as RFC 6749 §5.2 prescribes: invalid_client is
// 401 with a Basic challenge, slow_down is 429 with Retry-After, a server
// error hides its cause.
func protocolError(c *gin.Context, err *oauth.Error) {
	noStore(c)
	switch err.Code {
	case oauth.ErrInvalidClient:
		c.Header("WWW-Authenticate", `Basic realm="openbank"`)
	case oauth.ErrSlowDown:
		c.Header("Retry-After", strconv.Itoa(int(err.RetryAfter.Seconds())))
	}
	if err.Status >= 500 {
		slog.ErrorContext(c.Request.Context(), "oauth request failed", "error", err)
	}
	c.Error(err)
	c.AbortWithStatusJSON(err.Status, errorBody{Error: err.Code, Description: err.Description})
}

// noStore forbids caching of a response that carries tokens or errors.
func noStore(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Header("Pragma", "no-cache")
}

// respond sends a successful JSON answer that must not be cached.
func respond(c *gin.Context, body any) {
	noStore(c)
	c.JSON(http.StatusOK, body)
}
