package secure

import "github.com/gin-gonic/gin"

// StrictTransportSecurity tells browsers to reach the server over https
// only, for two years; subdomains are left alone, as they may be other
// services.
const StrictTransportSecurity = "max-age=63072000"

// StrictTransport is the middleware of a server whose public address is
// https: every response carries Strict-Transport-Security.
func StrictTransport(c *gin.Context) {
	c.Header("Strict-Transport-Security", StrictTransportSecurity)
	c.Next()
}

// NoStore is the middleware that keeps responses out of every cache:
// account, transaction and showcase data.
func NoStore(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Next()
}
