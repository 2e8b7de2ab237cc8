package secure

import (
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
)

// AllowFraming lets the given origins (scheme://host[:port]) show the page
// in a frame. Anything that is not a plain http(s) origin is left out; with
// none left the page stays unframeable.
func AllowFraming(c *gin.Context, origins []string) {
	allowed := make([]string, 0, len(origins))
	for _, o := range origins {
		if origin, ok := frameOrigin(o); ok {
			allowed = append(allowed, origin)
		}
	}
	if len(allowed) > 0 {
		Policy{FrameAncestors: allowed}.Apply(c.Writer.Header())
	}
}

// frameOrigin accepts a bare http(s) origin that is safe to write in the
// policy, with or without a trailing slash.
func frameOrigin(o string) (string, bool) {
	u, err := url.Parse(strings.TrimSuffix(o, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" ||
		u.RawQuery != "" || u.User != nil || strings.ContainsAny(u.Host, " ;,'") {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}

// AllowFormAction lets the page's forms lead to the origin of target, a
// client's redirect URI reached by a 303 after the post.
func AllowFormAction(c *gin.Context, target string) {
	var p Policy
	if u, err := url.Parse(target); err == nil && u.Scheme != "" && u.Host != "" {
		p.FormAction = []string{u.Scheme + "://" + u.Host}
	}
	p.Apply(c.Writer.Header())
}
