package secure

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

const strict = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func TestRelaxingThePolicy(t *testing.T) {
	const base = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
	tests := []struct {
		name    string
		relax   func(c *gin.Context)
		csp     string
		framing string
	}{
		{"default", func(*gin.Context) {}, strict, "DENY"},
		{"framed by origins", func(c *gin.Context) {
			AllowFraming(c, []string{"https://app.example/", "http://localhost:3000", "https://x.example/path",
				"javascript:alert(1)", "https://a.example;script-src *"})
		}, base + "form-action 'self'; frame-ancestors https://app.example http://localhost:3000", ""},
		{"no acceptable origin", func(c *gin.Context) { AllowFraming(c, []string{"ftp://files.example"}) }, strict, "DENY"},
		{"form to a redirect uri", func(c *gin.Context) { AllowFormAction(c, "https://client.example/cb?x=1") },
			base + "form-action 'self' https://client.example; frame-ancestors 'none'", "DENY"},
		{"form to nowhere", func(c *gin.Context) { AllowFormAction(c, "") }, strict, "DENY"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(rec)
			c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
			Headers(c)
			tt.relax(c)
			h := rec.Header()
			if got := h.Get("Content-Security-Policy"); got != tt.csp {
				t.Errorf("CSP = %q, want %q", got, tt.csp)
			}
			if got := h.Get("X-Frame-Options"); got != tt.framing {
				t.Errorf("X-Frame-Options = %q, want %q", got, tt.framing)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
				t.Errorf("headers beside the policy are missing: %v", h)
			}
		})
	}
}

// TestHeadersAreTheZeroPolicy checks that the middlewares write exactly
// what Apply writes for the zero Policy, with DataCSP for DataHeaders.
func TestHeadersAreTheZeroPolicy(t *testing.T) {
	for _, tt := range []struct {
		name       string
		middleware gin.HandlerFunc
		csp        string
	}{{"Headers", Headers, strict}, {"DataHeaders", DataHeaders, DataCSP}} {
		t.Run(tt.name, func(t *testing.T) {
			want := http.Header{}
			Policy{}.Apply(want)
			want.Set("Content-Security-Policy", tt.csp)
			rec := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(rec)
			tt.middleware(c)
			got := rec.Header()
			if len(got) != len(want) {
				t.Fatalf("headers %v, want %v", got, want)
			}
			for name, values := range want {
				if g := got.Values(name); len(g) != 1 || g[0] != values[0] {
					t.Errorf("%s: %q, want %q", name, g, values)
				}
			}
		})
	}
}

// TestDataPolicyIsNoWeaker checks that every directive of the pages'
// policy is in the data policy with 'none', or is a fetch directive that
// falls back to its default-src 'none'.
func TestDataPolicyIsNoWeaker(t *testing.T) {
	directives := func(csp string) map[string]string {
		m := map[string]string{}
		for _, d := range strings.Split(csp, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			m[name] = value
		}
		return m
	}
	fetch := map[string]bool{"img-src": true, "style-src": true, "script-src": true, "object-src": true}
	data := directives(DataCSP)
	if data["default-src"] != "'none'" {
		t.Fatalf("data policy %q: default-src is not 'none'", DataCSP)
	}
	for name := range directives(Policy{}.ContentSecurityPolicy()) {
		if v, ok := data[name]; ok && v != "'none'" || !ok && !fetch[name] {
			t.Errorf("%s is %q in the data policy", name, v)
		}
	}
}
