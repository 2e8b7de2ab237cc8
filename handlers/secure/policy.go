package secure

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// Policy is what a response allows beyond its own origin: the origins its
// forms may post to and the origins that may frame it. The zero Policy
// allows neither and is what every response starts with.
type Policy struct {
	FormAction     []string // origins besides 'self' a form may post to
	FrameAncestors []string // origins that may frame the page; none means no framing
}

// ContentSecurityPolicy is the header value of p: same-origin resources
// only, no plugins, no <base>.
func (p Policy) ContentSecurityPolicy() string {
	frames := "'none'"
	if len(p.FrameAncestors) > 0 {
		frames = strings.Join(p.FrameAncestors, " ")
	}
	return "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; " +
		"object-src 'none'; base-uri 'none'; form-action " + strings.Join(append([]string{"'self'"}, p.FormAction...), " ") +
		"; frame-ancestors " + frames
}

// Apply writes p's headers, replacing any earlier policy of the response.
func (p Policy) Apply(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", p.ContentSecurityPolicy())
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if len(p.FrameAncestors) > 0 {
		h.Del("X-Frame-Options")
	} else {
		h.Set("X-Frame-Options", "DENY")
	}
}

// zeroCSP is the zero Policy's Content-Security-Policy, built once.
var zeroCSP = Policy{}.ContentSecurityPolicy()

// Headers is the middleware that gives every response the zero Policy;
// a page relaxes it with AllowFraming or AllowFormAction. It writes what
// Apply writes for the zero Policy, without building the policy's text or
// canonicalising the header names on every request.
func Headers(c *gin.Context) {
	h := c.Writer.Header()
	h["X-Content-Type-Options"] = []string{"nosniff"}
	h["Referrer-Policy"] = []string{"no-referrer"}
	h["Content-Security-Policy"] = []string{zeroCSP}
	h["Cross-Origin-Opener-Policy"] = []string{"same-origin"}
	h["X-Frame-Options"] = []string{"DENY"}
	c.Next()
}
