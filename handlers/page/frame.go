package page

import (
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
)

// policy is the server's Content-Security-Policy without frame-ancestors.
const policy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors "

// AllowFraming lets the given origins (scheme://host[:port]) show the
// page in a frame, replacing the server's frame-ancestors 'none'.
// Anything that is not a plain http(s) origin is left out.
func AllowFraming(c *gin.Context, origins []string) {
	allowed := make([]string, 0, len(origins))
	for _, o := range origins {
		u, err := url.Parse(strings.TrimSuffix(o, "/"))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" ||
			u.RawQuery != "" || u.User != nil || strings.ContainsAny(u.Host, " ;,'") {
			continue
		}
		allowed = append(allowed, u.Scheme+"://"+u.Host)
	}
	if len(allowed) == 0 {
		return
	}
	h := c.Writer.Header()
	h.Del("X-Frame-Options")
	h.Set("Content-Security-Policy", policy+strings.Join(allowed, " "))
}
