package secure

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/gin-gonic/gin"
)

func TestHostCookies(t *testing.T) {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.Use(HostCookies)
	e.GET("/page", func(c *gin.Context) {
		got, _ := c.Cookie("openbank_session")
		http.SetCookie(c.Writer, &http.Cookie{Name: "openbank_session", Value: "new", Path: "/", Secure: true, HttpOnly: true})
		http.SetCookie(c.Writer, &http.Cookie{Name: "ob_widget", Value: "w", Path: "/widget/w/1", Secure: true})
		c.String(http.StatusOK, "read %q", got)
	})
	e.POST("/form", func(c *gin.Context) {
		http.SetCookie(c.Writer, &http.Cookie{Name: "openbank_csrf", Value: "t", Path: "/"})
		c.Redirect(http.StatusSeeOther, "/page")
	})
	tests := []struct {
		name, method, path, cookie string
		body                       string
		setCookies                 []string
	}{
		{"prefixed cookie read", "GET", "/page", "__Host-openbank_session=old; other=1", `read "old"`, []string{
			"__Host-openbank_session=new; Path=/; HttpOnly; Secure", "__Secure-ob_widget=w; Path=/widget/w/1; Secure"}},
		{"plain cookie ignored", "GET", "/page", "openbank_session=planted", `read ""`, nil},
		{"answer without a body", "POST", "/form", "", "", []string{"__Host-openbank_csrf=t; Path=/; Secure"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.cookie != "" {
				req.Header.Set("Cookie", tt.cookie)
			}
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if tt.body != "" && rec.Body.String() != tt.body {
				t.Errorf("body %q, want %q", rec.Body, tt.body)
			}
			if got := rec.Header().Values("Set-Cookie"); tt.setCookies != nil && !slices.Equal(got, tt.setCookies) {
				t.Errorf("Set-Cookie %q, want %q", got, tt.setCookies)
			}
		})
	}
}

func TestTransportHeaders(t *testing.T) {
	e := gin.New()
	e.GET("/", StrictTransport, NoStore, func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{}) })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Header().Get("Strict-Transport-Security") != "max-age=63072000" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("headers: %v", rec.Header())
	}
}
