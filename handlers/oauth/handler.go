package oauth

import (
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

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
// 401 with a Basic challenge, a throttled (429) or busy (503) answer says
// when to retry, a server error hides its cause.
func protocolError(c *gin.Context, err *oauth.Error) {
	noStore(c)
	if err.Code == oauth.ErrInvalidClient && err.Status == http.StatusUnauthorized {
		c.Header("WWW-Authenticate", `Basic realm="openbank"`)
	}
	retryAfter(c, err)
	if err.DPoPNonce != "" {
		c.Header("DPoP-Nonce", err.DPoPNonce)
	}
	if err.Code == oauth.ErrServerError {
		slog.ErrorContext(c.Request.Context(), "oauth request failed", "error", err)
	}
	c.Error(err)
	c.AbortWithStatusJSON(err.Status, errorBody{Error: err.Code, Description: err.Description})
}

// Abort answers err in RFC 6749's format, for the server's own middleware
// (the database gate, the recovery) on the protocol endpoints.
func Abort(c *gin.Context, err *oauth.Error) { protocolError(c, err) }

// retryAfter tells the client when to retry a throttled or busy request.
func retryAfter(c *gin.Context, err *oauth.Error) {
	if err.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(int(err.RetryAfter.Round(time.Second).Seconds())))
	}
}

// clientRequest parses a client-authenticated request and notes the client
// address its credentials come from (TRUSTED_PROXIES decides whether a
// forwarded address is believed) and the client certificate a trusted TLS
// terminator passed on, if any.
func clientRequest(c *gin.Context) (url.Values, oauth.Credentials, *oauth.Error) {
	form, cr, err := ParseClientRequest(c.Writer, c.Request)
	cr.Address = c.ClientIP()
	cr.Certificate = oauth.ClientCertificate(c.Request.Context())
	return form, cr, err
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
