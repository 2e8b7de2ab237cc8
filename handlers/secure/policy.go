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
	write(c.Writer.Header(), zeroCSPValue)
	c.Next()
}

// DataCSP is the Content-Security-Policy of answers that are data, never a
// page (JSON, YAML, a PDF to download): nothing may load, no form may
// submit, no <base>, no framing. Each directive is at least as strict as
// the zero Policy's (what it names 'self' this names 'none'), in half its
// bytes, which every answer of an API carries.
const DataCSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// DataHeaders is Headers for the addresses whose answers are all data:
// the same headers, with DataCSP for the Content-Security-Policy.
func DataHeaders(c *gin.Context) {
	write(c.Writer.Header(), dataCSPValue)
	c.Next()
}

// The policies' header values, allocated once: a response's header map
// holds the slices themselves, which nothing changes in place (Apply and
// Header.Set replace a slice, never write into it).
var (
	zeroCSPValue = []string{zeroCSP}
	dataCSPValue = []string{DataCSP}
	nosniff      = []string{"nosniff"}
	noReferrer   = []string{"no-referrer"}
	sameOrigin   = []string{"same-origin"}
	deny         = []string{"DENY"}
)

// write gives h the headers of Apply for the zero Policy with csp for the
// Content-Security-Policy, under their canonical names.
func write(h http.Header, csp []string) {
	h["X-Content-Type-Options"] = nosniff
	h["Referrer-Policy"] = noReferrer
	h["Content-Security-Policy"] = csp
	h["Cross-Origin-Opener-Policy"] = sameOrigin
	h["X-Frame-Options"] = deny
}
