package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	"openbank/store"
	"openbank/store/storetest"
)

// newHTTPTestServer serves a test server, configured by env, on a real
// listener (HEAD and request bodies need net/http's server).
func newHTTPTestServer(t *testing.T, env map[string]string) (*Server, string) {
	t.Helper()
	cfg, err := LoadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(cfg, store.New(storetest.NewDB(t)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	s.Engine().GET("/aggregation/test/data", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"balance": 1}) })
	s.Engine().GET("/test/cookie", func(c *gin.Context) {
		http.SetCookie(c.Writer, &http.Cookie{Name: "openbank_csrf", Value: "t", Path: "/", Secure: cfg.SecureCookies()})
		c.String(http.StatusOK, "ok")
	})
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv.URL
}

func fetch(t *testing.T, method, url, contentType string, body io.Reader, length int64) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = length
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	a, err := send(http.DefaultClient, req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return a
}

// TestHeadAnswersLikeGet: every GET route answers HEAD with GET's status
// and headers and no body.
func TestHeadAnswersLikeGet(t *testing.T) {
	t.Parallel()
	_, base := newHTTPTestServer(t, nil)
	for _, path := range []string{"/", "/healthz", "/readyz", "/openapi/gateway-v1.1.0.yaml", "/gateway/v1.1.0/showcases", "/no/such/page"} {
		get := fetch(t, "GET", base+path, "", nil, 0)
		head := fetch(t, "HEAD", base+path, "", nil, 0)
		if head.code != get.code || head.header.Get("Content-Type") != get.header.Get("Content-Type") || len(head.body) != 0 {
			t.Errorf("HEAD %s: %d %q %d bytes; GET: %d %q", path, head.code, head.header.Get("Content-Type"), len(head.body),
				get.code, get.header.Get("Content-Type"))
		}
	}
	if got := fetch(t, "HEAD", base+"/mockbank/x/sca", "", nil, 0); got.code == http.StatusMethodNotAllowed {
		t.Errorf("HEAD on a GET route: 405")
	}
}

// TestOversizedAPIAndFormBodiesAre413 sends bodies over the limit, declared and
// streamed, to JSON APIs, an upload and a form: each is a 413 before
// anything else is looked at.
func TestOversizedAPIAndFormBodiesAre413(t *testing.T) {
	t.Parallel()
	_, base := newHTTPTestServer(t, nil)
	big := func(n int) io.Reader { return strings.NewReader(strings.Repeat("a", n)) }
	tests := []struct {
		path, contentType string
		size              int
		length            int64 // -1: streamed without a Content-Length
	}{
		{"/gateway/v1.1.0/showcases", "application/json", 10 << 20, 10 << 20},
		{"/aggregation/v3.12.0/uploads", "text/csv", 11 << 20, 11 << 20},
		{"/mockbank/x/sca", "application/x-www-form-urlencoded", 10 << 20, 10 << 20},
		{"/mockbank/x/sca", "application/x-www-form-urlencoded", 70 << 10, -1},
		{"/widget/w/1/cancel", "multipart/form-data; boundary=x", 1 << 20, -1},
	}
	for _, tt := range tests {
		body := big(tt.size)
		if strings.HasPrefix(tt.contentType, "multipart/") {
			body = io.MultiReader(strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n"), body)
		}
		got := fetch(t, "POST", base+tt.path, tt.contentType, body, tt.length)
		if got.code != http.StatusRequestEntityTooLarge {
			t.Errorf("POST %s (%d bytes, length %d): %d %.200s", tt.path, tt.size, tt.length, got.code, got.body)
		}
	}
}

// TestControlCharactersAre400 sends a NUL byte or a control character in a
// query parameter and a form field: 400 naming it.
func TestControlCharactersAre400(t *testing.T) {
	t.Parallel()
	_, base := newHTTPTestServer(t, nil)
	tests := []struct {
		method, path, contentType, body, field string
	}{
		{"GET", "/gateway/v1.1.0/showcases?search=ok&nameFilter=a%00b", "", "", "nameFilter: "},
		{"GET", "/aggregation/v3.12.0/transactions?q=%1b%5b2J", "", "", "q: "},
		{"POST", "/mockbank/x/sca", "application/x-www-form-urlencoded", "username=a%00&password=p", "username: "},
		{"POST", "/mockbank/x/sca", "application/x-www-form-urlencoded", "username=%ff%fe", "username: must be valid UTF-8"},
	}
	for _, tt := range tests {
		got := fetch(t, tt.method, base+tt.path, tt.contentType, strings.NewReader(tt.body), int64(len(tt.body)))
		if got.code != http.StatusBadRequest || !strings.Contains(string(got.body), tt.field) {
			t.Errorf("%s %s: %d %.300s, want 400 naming %q", tt.method, tt.path, got.code, got.body, tt.field)
		}
		if strings.HasPrefix(tt.path, "/gateway/") {
			var body fault.Response
			if json.Unmarshal(got.body, &body) != nil || body.Fault.Code != fault.CodeValidation {
				t.Errorf("%s: not a validation ErrorResponse: %s", tt.path, got.body)
			}
		}
	}
}

// TestExposureHeaders: HSTS and __Host- cookies on https only, no-store on
// account data, and no /metrics on the main address.
func TestExposureHeaders(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		publicURL, hsts, cookie string
	}{
		{"https://openbank.example", "max-age=63072000", "__Host-openbank_csrf=t; Path=/; Secure"},
		{"http://localhost:8080", "", "openbank_csrf=t; Path=/"},
	} {
		_, base := newHTTPTestServer(t, map[string]string{"PUBLIC_URL": tt.publicURL})
		page := fetch(t, "GET", base+"/test/cookie", "", nil, 0)
		if page.header.Get("Strict-Transport-Security") != tt.hsts || page.header.Get("Set-Cookie") != tt.cookie {
			t.Errorf("%s: HSTS %q, cookie %q", tt.publicURL, page.header.Get("Strict-Transport-Security"), page.header.Get("Set-Cookie"))
		}
		if data := fetch(t, "GET", base+"/aggregation/test/data", "", nil, 0); data.header.Get("Cache-Control") != "no-store" {
			t.Errorf("account data: Cache-Control %q", data.header.Get("Cache-Control"))
		}
		if m := fetch(t, "GET", base+"/metrics", "", nil, 0); m.code != http.StatusNotFound {
			t.Errorf("/metrics on the main address: %d", m.code)
		}
	}
}
