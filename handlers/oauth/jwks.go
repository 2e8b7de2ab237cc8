package oauth

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// JWKS is GET /oauth2/jwks: the public keys that verify tokens, including
// an upcoming key and replaced keys whose tokens may still be valid.
func (h *Handler) JWKS(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=60")
	c.JSON(http.StatusOK, h.server.Keys().Public())
}
