package csrf

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/handlers/page"
	"openbank/static"
)

// form is a server with one guarded form: GET shows the token, POST accepts.
func form(t *testing.T, secure bool) http.Handler {
	t.Helper()
	g, err := New(sessions.NewCookieStore([]byte("0123456789abcdef0123456789abcdef")), page.Renderer{Assets: static.New()},
		"https://openbank.example", secure)
	if err != nil {
		t.Fatal(err)
	}
	e := gin.New()
	e.GET("/form", g.Protect, func(c *gin.Context) { c.String(200, Token(c.Request.Context())) })
	e.POST("/form", g.Protect, func(c *gin.Context) { c.String(200, "accepted") })
	return e
}

// visit loads the form and returns its token and cookie.
func visit(t *testing.T, h http.Handler) (token string, cookie *http.Cookie) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/form", nil))
	cookies := rec.Result().Cookies()
	if rec.Code != 200 || rec.Body.Len() < 40 || len(cookies) != 1 {
		t.Fatalf("GET: %d %q %v", rec.Code, rec.Body, cookies)
	}
	return rec.Body.String(), cookies[0]
}

func TestPostsNeedTheTokenAndTheSameOrigin(t *testing.T) {
	h := form(t, false)
	token, cookie := visit(t, h)
	tests := []struct {
		name    string
		token   string
		cookie  bool
		headers map[string]string
		want    int
	}{
		{"token and cookie", token, true, nil, 200},
		{"same-origin browser", token, true, map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
		{"own public origin", token, true, map[string]string{"Origin": "https://openbank.example"}, 200},
		{"no token", "", true, nil, 403},
		{"wrong token", token + "x", true, nil, 403},
		{"no cookie", token, false, nil, 403},
		{"cross-site browser", token, true, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same-site browser", token, true, map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"foreign origin", token, true, map[string]string{"Origin": "https://evil.example"}, 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/form", strings.NewReader(url.Values{FieldName: {tt.token}}.Encode()))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if tt.cookie {
				r.AddCookie(cookie)
			}
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tt.want {
				t.Fatalf("POST: %d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
			if tt.want == 403 && !strings.Contains(rec.Body.String(), "This form has expired") {
				t.Fatalf("refusal page: %s", rec.Body)
			}
		})
	}
}

func TestCookieOptions(t *testing.T) {
	tests := []struct {
		name     string
		secure   bool
		sameSite http.SameSite
	}{
		{"plain http", false, http.SameSiteLaxMode},
		{"https, may be framed", true, http.SameSiteNoneMode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, c := visit(t, form(t, tt.secure))
			if c.Name != cookieName || c.Path != "/" || !c.HttpOnly || c.Secure != tt.secure ||
				c.Partitioned != tt.secure || c.SameSite != tt.sameSite {
				t.Fatalf("cookie %+v", c)
			}
		})
	}
}
