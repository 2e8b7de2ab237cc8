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
		limit := strconv.Itoa(d.Limit)
		h := c.Writer.Header()
		// The keys are written in their canonical form, which saves
		// canonicalising them on every request.
		h["Ratelimit-Limit"] = []string{limit}
		h["Ratelimit-Remaining"] = []string{strconv.Itoa(d.Remaining)}
		h["Ratelimit-Reset"] = []string{whole(d.Reset)}
		h["Ratelimit-Policy"] = []string{limit + ";w=" + whole(d.Window)}
		if !d.Allowed {
			c.Header("Retry-After", whole(d.RetryAfter))
			fault.Abort(c, fault.New(http.StatusTooManyRequests, fault.CodeTooManyRequests, "rate limit reached",
				fmt.Sprintf("this client may send %s per %s; retry after %s", count(int64(d.Limit), "request"),
					count(int64(d.Window/time.Second), "second"), count(int64(d.RetryAfter/time.Second), "second"))))
			return
		}
		c.Next()
	}
}

// whole is a duration in whole seconds, as the headers carry it.
func whole(d time.Duration) string { return strconv.FormatInt(int64(d/time.Second), 10) }

// count is n of a unit in English, singular for one: "1 second", "2 seconds".
func count(n int64, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.FormatInt(n, 10) + " " + unit + "s"
}
