package ratelimit

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/oauth"
	"openbank/ratelimit"
)

// Limit counts each request against the limit of the client whose access
// token it carries; it runs after the bearer middleware. A request without
// a principal, or of a client without a limit, passes without headers.
func Limit(l *ratelimit.Limiter) gin.HandlerFunc {
	return func(c *gin.Context) {
		p, ok := oauth.FromContext(c.Request.Context())
		if !ok {
			c.Next()
			return
		}
		d := l.Take(c.Request.Context(), p.ClientID)
		if d.Limit == 0 {
			c.Next()
			return
		}
		c.Header("RateLimit-Limit", strconv.Itoa(d.Limit))
		c.Header("RateLimit-Remaining", strconv.Itoa(d.Remaining))
		c.Header("RateLimit-Reset", whole(d.Reset))
		c.Header("RateLimit-Policy", fmt.Sprintf("%d;w=%s", d.Limit, whole(d.Window)))
		if !d.Allowed {
			c.Header("Retry-After", whole(d.RetryAfter))
			fault.Abort(c, fault.New(http.StatusTooManyRequests, fault.CodeTooManyRequests, "rate limit reached",
				fmt.Sprintf("this client may send %d requests per %s; retry after %s seconds", d.Limit, d.Window, whole(d.RetryAfter))))
			return
		}
		c.Next()
	}
}

// whole is a duration in whole seconds, as the headers carry it.
func whole(d time.Duration) string { return strconv.FormatInt(int64(d/time.Second), 10) }
