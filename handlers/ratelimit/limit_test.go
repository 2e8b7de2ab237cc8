package ratelimit_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/fault"
	limithttp "openbank/handlers/ratelimit"
	"openbank/oauth"
	"openbank/ratelimit"
)

// limits answers the limiter from memory: client "own" has 3 requests of
// its own, everyone else the default; one instance.
type limits struct{}

func (limits) ClientRateLimit(_ context.Context, id string) (int, error) {
	if id == "own" {
		return 3, nil
	}
	return 0, nil
}
func (limits) ClientRateLimits(context.Context) (map[string]int, error) {
	return map[string]int{"own": 3}, nil
}
func (limits) RateLimitHeartbeat(context.Context, string, time.Duration) (int, error) { return 1, nil }

// engine serves GET /x as client id (from the X-Client header), behind Limit.
func engine(requests int) *gin.Engine {
	at := time.Unix(1e9, 0)
	l := ratelimit.New(limits{}, ratelimit.Options{Requests: requests, Window: time.Minute,
		Now: func() time.Time { return at }, Sync: time.Hour})
	e := gin.New()
	e.GET("/x", func(c *gin.Context) {
		if id := c.GetHeader("X-Client"); id != "" {
			c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), oauth.Principal{ClientID: id}))
		}
	}, limithttp.Limit(l), func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	return e
}

func get(e *gin.Engine, client string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	req.Header.Set("X-Client", client)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// TestBurst sends bursts beyond the limit: exactly the requests over it
// are 429 with Retry-After and the ErrorResponse, and every answer carries
// the RateLimit headers with Remaining counting down.
func TestBurst(t *testing.T) {
	tests := []struct {
		client            string
		burst, limit, got int
	}{{"default", 12, 5, 7}, {"own", 10, 3, 7}, {"exact", 5, 5, 0}}
	for _, tt := range tests {
		t.Run(tt.client, func(t *testing.T) {
			e := engine(5)
			refused, prev := 0, tt.limit
			for i := range tt.burst {
				rec := get(e, tt.client)
				h := rec.Header()
				remaining, err := strconv.Atoi(h.Get("RateLimit-Remaining"))
				if err != nil || h.Get("RateLimit-Limit") != strconv.Itoa(tt.limit) || h.Get("RateLimit-Reset") == "" {
					t.Fatalf("request %d: headers %v", i, h)
				}
				if rec.Code == http.StatusOK {
					if remaining != prev-1 {
						t.Fatalf("request %d: Remaining %d after %d", i, remaining, prev)
					}
					prev = remaining
					continue
				}
				refused++
				checkRefusal(t, rec, remaining)
			}
			if refused != tt.got {
				t.Fatalf("%d of %d refused, want %d", refused, tt.burst, tt.got)
			}
		})
	}
}

// checkRefusal checks a 429: Retry-After, no Remaining, the ErrorResponse.
func checkRefusal(t *testing.T, rec *httptest.ResponseRecorder, remaining int) {
	t.Helper()
	var body fault.Response
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("429 body %q: %v", rec.Body, err)
	}
	if rec.Code != http.StatusTooManyRequests || remaining != 0 || rec.Header().Get("Retry-After") == "" ||
		body.Fault.Code != fault.CodeTooManyRequests {
		t.Fatalf("refusal: %d, Remaining %d, Retry-After %q, body %+v", rec.Code, remaining, rec.Header().Get("Retry-After"), body)
	}
}

// TestWithoutPrincipal passes a request the bearer middleware did not
// authenticate, without headers.
func TestWithoutPrincipal(t *testing.T) {
	e := engine(1)
	for range 3 {
		if rec := get(e, ""); rec.Code != http.StatusOK || rec.Header().Get("RateLimit-Limit") != "" {
			t.Fatalf("no principal: %d %v", rec.Code, rec.Header())
		}
	}
}

// BenchmarkLimit is the cost the middleware adds to one API request (the
// bucket of the client and four headers): the same route with and without
// it, from parallel requests of one client, which share one bucket.
func BenchmarkLimit(b *testing.B) {
	gin.SetMode(gin.ReleaseMode)
	l := ratelimit.New(limits{}, ratelimit.Options{Requests: 1_000_000_000, Window: time.Minute, Sync: time.Hour})
	for _, tt := range []struct {
		name  string
		chain []gin.HandlerFunc
	}{{"without", nil}, {"with", []gin.HandlerFunc{limithttp.Limit(l)}}} {
		b.Run(tt.name, func(b *testing.B) {
			e := gin.New()
			principal := func(c *gin.Context) {
				c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), oauth.Principal{ClientID: "bench"}))
			}
			chain := append(append([]gin.HandlerFunc{principal}, tt.chain...), func(c *gin.Context) { c.Status(http.StatusNoContent) })
			e.GET("/x", chain...)
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				req := httptest.NewRequest(http.MethodGet, "/x", nil)
				for pb.Next() {
					e.ServeHTTP(httptest.NewRecorder(), req)
				}
			})
		})
	}
}

// TestRefusalWording checks the 429's description against its Retry-After,
// with the plural right: "retry after 1 second", "retry after 12 seconds".
func TestRefusalWording(t *testing.T) {
	tests := []struct {
		limit      int
		retryAfter string
		want       string
	}{
		{60, "1", "this client may send 60 requests per 60 seconds; retry after 1 second"},
		{5, "12", "this client may send 5 requests per 60 seconds; retry after 12 seconds"},
	}
	for _, tt := range tests {
		e := engine(tt.limit)
		rec := get(e, "default")
		for i := 0; i < tt.limit && rec.Code == http.StatusOK; i++ {
			rec = get(e, "default")
		}
		var body fault.Response
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("limit %d: body %q: %v", tt.limit, rec.Body, err)
		}
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != tt.retryAfter ||
			body.Fault.Description != tt.want {
			t.Errorf("limit %d: %d, Retry-After %q, description %q; want Retry-After %q, %q", tt.limit, rec.Code,
				rec.Header().Get("Retry-After"), body.Fault.Description, tt.retryAfter, tt.want)
		}
	}
}
