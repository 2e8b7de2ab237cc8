package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"

	"openbank/handlers/fault"
	"openbank/store"
	"openbank/store/storetest"
)

func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	storetest.Main(m)
}

func newTestServer(t *testing.T, db *storetest.DB) *Server {
	t.Helper()
	cfg, err := LoadConfig(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(cfg, store.New(db))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// leak matches what must never reach a client: SQL, Go source paths, stack
// frames, driver messages.
var leak = regexp.MustCompile(`(?i)select |pq:|\.go:\d+|goroutine |runtime\.|panic:|/root/|/home/|dial unix`)

func TestInternalErrorsHideTheirCause(t *testing.T) {
	t.Parallel()
	db := storetest.NewDB(t)
	s := newTestServer(t, db)
	broken, err := sqlx.Open("postgres", "host=/nonexistent/dir port=5432 dbname=x sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	s.Engine().GET("/gateway/test/panic", func(c *gin.Context) { panic("secret detail SELECT * FROM users") })
	s.Engine().GET("/gateway/test/db", func(c *gin.Context) {
		var n int
		if err := broken.GetContext(c.Request.Context(), &n, `SELECT 1`); err != nil {
			fault.Abort(c, err)
			return
		}
	})
	s.Engine().GET("/test/panic", func(c *gin.Context) { panic(errors.New("secret /root/x.go:12")) })
	for path, want := range map[string]int{"/gateway/test/panic": fault.CodeInternal, "/gateway/test/db": fault.CodeUnavailable} {
		rec := get(t, s, path)
		var body fault.Response
		if rec.Code != want/10 || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Fault.Code != want || body.Fault.Message == "" {
			t.Fatalf("%s: got %d %s, want a %d ErrorResponse", path, rec.Code, rec.Body, want/10)
		}
		if leak.MatchString(rec.Body.String()) || strings.Contains(rec.Body.String(), "secret") {
			t.Fatalf("%s: response leaks internals: %s", path, rec.Body)
		}
	}
	rec := get(t, s, "/test/panic")
	if rec.Code != 500 || !strings.Contains(rec.Header().Get("Content-Type"), "text/html") || leak.MatchString(rec.Body.String()) {
		t.Fatalf("HTML panic: got %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, storetest.NewDB(t))
	tests := []struct {
		method, path string
		status       int
		contentType  string
	}{
		{"GET", "/gateway/v1.1.0/unknown", 404, "application/json"},
		{"GET", "/aggregation/v3.12.0/unknown", 404, "application/json"},
		{"GET", "/no/such/page", 404, "text/html"},
		{"POST", "/readyz", 405, "application/json"},
		{"DELETE", "/", 405, "text/html"},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.contentType) {
			t.Errorf("%s %s: got %d %s, want %d %s", tt.method, tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.status, tt.contentType)
		}
	}
}

func TestHomeAndHeaders(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, storetest.NewDB(t))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("X-Request-Id", "abc-123")
	s.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<html lang="en">`) {
		t.Fatalf("home: %d %s", rec.Code, rec.Body)
	}
	for h, want := range map[string]string{
		"X-Request-Id": "abc-123", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
		"Content-Security-Policy": "frame-ancestors 'none'",
	} {
		if !strings.Contains(rec.Header().Get(h), want) {
			t.Errorf("%s = %q, want %q", h, rec.Header().Get(h), want)
		}
	}
	css := regexp.MustCompile(`/static/css/openbank\.css\?v=[0-9a-f]+`).FindString(rec.Body.String())
	asset := get(t, s, css)
	if asset.Code != 200 || !strings.Contains(asset.Header().Get("Cache-Control"), "immutable") || asset.Header().Get("ETag") == "" {
		t.Fatalf("asset %s: %d %v", css, asset.Code, asset.Header())
	}
	if got := get(t, s.Metrics(), "/metrics"); !strings.Contains(got.Body.String(), `openbank_http_requests_total{method="GET",route="/",status="200"} 1`) ||
		!strings.Contains(got.Body.String(), "go_sql_max_open_connections") {
		t.Fatalf("metrics lack request or pool figures:\n%s", got.Body)
	}
}

// TestReadyzFollowsTheDatabase puts a socket proxy between the server and
// PostgreSQL, cuts it, and restores it.
func TestReadyzFollowsTheDatabase(t *testing.T) {
	t.Parallel()
	target := storetest.NewURL(t)
	p := newSocketProxy(t, target)
	db := storetest.OpenDB(t, p.dsn(target), 2)
	s := newTestServer(t, db)
	if rec := get(t, s, "/readyz"); rec.Code != 200 {
		t.Fatalf("readyz with database: %d", rec.Code)
	}
	p.setDown(true)
	if rec := get(t, s, "/readyz"); rec.Code != 503 {
		t.Fatalf("readyz without database: %d %s", rec.Code, rec.Body)
	}
	p.setDown(false)
	if rec := get(t, s, "/readyz"); rec.Code != 200 {
		t.Fatalf("readyz after recovery: %d %s", rec.Code, rec.Body)
	}
}

// socketProxy forwards a unix socket to the test cluster's socket and can
// refuse and cut connections.
type socketProxy struct {
	dir, upstream string
	mu            sync.Mutex
	down          bool
	conns         []net.Conn
}

func newSocketProxy(t *testing.T, dsn string) *socketProxy {
	host := regexp.MustCompile(`host=(\S+)`).FindStringSubmatch(dsn)[1]
	p := &socketProxy{dir: t.TempDir(), upstream: filepath.Join(host, ".s.PGSQL.5432")}
	ln, err := net.Listen("unix", filepath.Join(p.dir, ".s.PGSQL.5432"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close(); p.setDown(true) })
	go p.accept(ln)
	return p
}

func (p *socketProxy) dsn(target string) string {
	return regexp.MustCompile(`host=\S+`).ReplaceAllString(target, "host="+p.dir)
}

func (p *socketProxy) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.down {
			c.Close()
			p.mu.Unlock()
			continue
		}
		up, err := net.Dial("unix", p.upstream)
		if err != nil {
			c.Close()
			p.mu.Unlock()
			continue
		}
		p.conns = append(p.conns, c, up)
		p.mu.Unlock()
		go func() { io.Copy(up, c); up.Close() }()
		go func() { io.Copy(c, up); c.Close() }()
	}
}

func (p *socketProxy) setDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	if down {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// TestAccessLog checks the access log's line: one per request, with the
// duration its metrics observed. It swaps the default logger, so it does
// not run in parallel.
func TestAccessLog(t *testing.T) {
	s := newTestServer(t, storetest.NewDB(t))
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, nil)))
	defer slog.SetDefault(old)
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/healthz", nil))
	for line := range strings.Lines(buf.String()) {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil || entry["msg"] != "request" || entry["path"] != "/healthz" {
			continue
		}
		took, timed := entry["duration_ms"].(float64)
		if entry["route"] != "/healthz" || entry["status"] != 200.0 || !timed || took < 0 {
			t.Fatalf("access log line: %s", line)
		}
		return
	}
	t.Fatalf("no access log line for the request in:\n%s", buf.String())
}
