package web

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"openbank/handlers/fault"
	oauthhttp "openbank/handlers/oauth"
	"openbank/handlers/requestid"
	"openbank/handlers/secure"
	"openbank/oauth"
)

// HeaderRequestID carries the request id in both directions.
const HeaderRequestID = "X-Request-Id"

// validRequestID tells whether a request id sent by the client is kept:
// 1 to 128 of A–Z, a–z, 0–9 and ._:- (a regular expression took a
// microsecond for a UUID, as much as the rest of the middleware).
func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := range len(id) {
		switch b := id[i]; {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9', b == '.', b == '_', b == ':', b == '-':
		default:
			return false
		}
	}
	return true
}

// The request ids made for requests without one come from a pool of
// crypto/rand bytes filled 256 at a time, not from a read of crypto/rand
// per request.
func init() { uuid.EnableRandPool() }

// requestIDs accepts a well-formed X-Request-Id or makes one, echoes it and
// puts it in the request context, so every log line carries it.
func requestIDs(c *gin.Context) {
	id := c.GetHeader(HeaderRequestID)
	if !validRequestID(id) {
		id = uuid.NewString()
	}
	c.Writer.Header()[HeaderRequestID] = []string{id} // the name is canonical already
	c.Request = c.Request.WithContext(requestid.With(c.Request.Context(), id))
	c.Next()
}

// logAccess writes one structured line for a request that took took; when
// the log level leaves the line out, its fields are not gathered either.
func logAccess(c *gin.Context, took time.Duration) {
	level := slog.LevelInfo
	if c.Writer.Status() >= 500 {
		level = slog.LevelError
	}
	if !slog.Default().Enabled(c.Request.Context(), level) {
		return
	}
	slog.Log(c.Request.Context(), level, "request",
		"method", c.Request.Method, "path", c.Request.URL.Path, "route", c.FullPath(),
		"status", c.Writer.Status(), "bytes", c.Writer.Size(),
		"duration_ms", float64(took.Microseconds())/1000, "client_ip", c.ClientIP())
}

// recovery turns a panic into a 500 without any internal detail in the
// response; the panic and its stack go to the log.
func (s *Server) recovery(c *gin.Context) {
	defer func() {
		rec := recover()
		if rec == nil {
			return
		}
		if rec == http.ErrAbortHandler {
			panic(rec)
		}
		slog.ErrorContext(c.Request.Context(), "panic", "panic", fmt.Sprint(rec), "stack", string(debug.Stack()))
		if c.Writer.Written() {
			c.Abort()
			return
		}
		s.fail(c, fault.Internal(fmt.Errorf("panic: %v", rec)))
	}()
	c.Next()
}

// securityHeaders gives every response the security headers: the API
// addresses, whose answers are data and never pages, get the data policy,
// the same headers with a shorter and stricter Content-Security-Policy;
// every other address the pages' policy.
func securityHeaders(c *gin.Context) {
	if isAPI(c.Request.URL.Path) {
		secure.DataHeaders(c)
		return
	}
	secure.Headers(c)
}

// isAPI tells whether a path belongs to a JSON API, whose errors are
// ErrorResponse documents rather than HTML pages.
func isAPI(path string) bool { return hasPrefix(path, apiPrefixes) }

// hasPrefix tells whether path starts with one of prefixes.
func hasPrefix(path string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// fail answers err as JSON under the API prefixes and as a page elsewhere;
// a server error on an OAuth endpoint is RFC 6749's server_error, or
// temporarily_unavailable with Retry-After while the database is down.
func (s *Server) fail(c *gin.Context, err *fault.Error) {
	if err.Status >= 500 && hasPrefix(c.Request.URL.Path, protocolPrefixes) {
		oauthhttp.Abort(c, oauth.Failed(err))
		return
	}
	if isAPI(c.Request.URL.Path) {
		fault.Abort(c, err)
		return
	}
	if err.Status >= 500 {
		slog.ErrorContext(c.Request.Context(), "request failed", "status", err.Status, "error", err)
	}
	if err.Status == http.StatusServiceUnavailable {
		c.Header("Retry-After", fault.RetryAfter)
	}
	s.pages.Error(c, err.Status, err.Body.Message, err.Body.Description)
}

func (s *Server) noRoute(c *gin.Context) {
	for prefix, notFound := range s.subjectNotFound {
		if strings.HasPrefix(c.Request.URL.Path, prefix) {
			notFound(c)
			return
		}
	}
	s.fail(c, fault.New(http.StatusNotFound, fault.CodeNotFound, "not found",
		"there is nothing at "+c.Request.URL.Path+"; the landing page lists where each API lives"))
}

func (s *Server) noMethod(c *gin.Context) {
	s.fail(c, fault.New(http.StatusMethodNotAllowed, fault.CodeNotAllowed, "method not allowed",
		c.Request.Method+" is not supported here; see the API reference for the allowed methods"))
}

// privateData keeps the gateway's and the aggregation's answers (showcases,
// accounts, transactions) out of every cache.
func privateData(c *gin.Context) {
	if p := c.Request.URL.Path; strings.HasPrefix(p, "/gateway/") || strings.HasPrefix(p, "/aggregation/") {
		secure.NoStore(c)
		return
	}
	c.Next()
}
