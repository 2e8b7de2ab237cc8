package oauth

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// CORS lets a browser call the endpoint from a public client's registered
// web origin (an origin of one of its redirect URIs): single-page and
// other browser clients use discovery, JWKS, token, revocation and
// userinfo. Any other origin gets no CORS headers, so the browser keeps the
// answer from its page. No credentials (cookies) are ever allowed.
func (h *Handler) CORS(c *gin.Context) {
	c.Writer.Header().Add("Vary", "Origin")
	origin := c.GetHeader("Origin")
	if origin == "" {
		return
	}
	ok, err := h.server.BrowserOrigin(c.Request.Context(), origin)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "reading the registered origins", "error", err)
		return
	}
	if ok {
		c.Header("Access-Control-Allow-Origin", origin)
		c.Header("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate, DPoP-Nonce")
	}
}

// Preflight answers a CORS preflight (OPTIONS) of the browser endpoints:
// 204, with the allowed methods and headers only for a registered origin.
func (h *Handler) Preflight(c *gin.Context) {
	h.CORS(c)
	if c.Writer.Header().Get("Access-Control-Allow-Origin") != "" {
		c.Header("Access-Control-Allow-Methods", "GET, POST")
		c.Header("Access-Control-Allow-Headers", "Authorization, Content-Type, DPoP")
		c.Header("Access-Control-Max-Age", "600")
	}
	c.Header("Allow", "GET, POST, OPTIONS")
	c.AbortWithStatus(http.StatusNoContent)
}
