package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
)

// authenticated guards an API group: the caller must present a valid bearer
// access token of a client granted product. It fails closed.
func (s *Server) authenticated(product string) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("WWW-Authenticate", `Bearer realm="openbank"`)
		fault.Abort(c, fault.New(http.StatusUnauthorized, fault.CodeUnauthorized, "unauthorized",
			"an access token from /oauth2/token is required in the Authorization: Bearer header"))
	}
}
