package web

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"openbank/store"
)

// metrics are the Prometheus figures of one server.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec

	// routes are the figures of the routes seen so far, by method, route
	// and status: a request finds its two in one read of a map that is
	// replaced, never changed, when a route is first seen (under mu), where
	// the vectors would hash its labels and take a read lock twice.
	routes atomic.Pointer[map[routeKey]routeMetrics]
	mu     sync.Mutex
}

// routeKey is what the figures of a request are kept by.
type routeKey struct {
	method, route string
	status        int
}

// routeMetrics are the figures of one routeKey.
type routeMetrics struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

func newMetrics(st *store.Store) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "openbank_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "openbank_http_request_duration_seconds", Help: "HTTP request latency by method and route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		newPoolCollector(st, "openbank"))
	if r := st.Reader(); r != st {
		m.registry.MustRegister(newPoolCollector(r, "openbank_read"))
	}
	return m
}

// observe records every request by its route pattern (never the raw path,
// which would let clients create unbounded label values) and writes its
// access log line: one middleware, so that the request is timed once (a
// read of the clock costs about a tenth of a microsecond here).
func (m *metrics) observe(c *gin.Context) {
	start := time.Now()
	c.Next()
	took := time.Since(start)
	rm := m.of(c.Request.Method, c.FullPath(), c.Writer.Status())
	rm.requests.Inc()
	rm.latency.Observe(took.Seconds())
	logAccess(c, took)
}

// of is the figures of a request. Those of the routes are kept in routes;
// those of unmatched paths are looked up each time and not kept, since
// their methods are whatever clients send.
func (m *metrics) of(method, route string, status int) routeMetrics {
	if route == "" {
		return m.lookup(method, "unmatched", status)
	}
	k := routeKey{method, route, status}
	if routes := m.routes.Load(); routes != nil {
		if rm, ok := (*routes)[k]; ok {
			return rm
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var routes map[routeKey]routeMetrics
	if old := m.routes.Load(); old != nil {
		routes = maps.Clone(*old)
	} else {
		routes = map[routeKey]routeMetrics{}
	}
	rm, ok := routes[k]
	if !ok {
		rm = m.lookup(method, route, status)
		routes[k] = rm
		m.routes.Store(&routes)
	}
	return rm
}

// lookup finds the figures of a request in the vectors.
func (m *metrics) lookup(method, route string, status int) routeMetrics {
	return routeMetrics{requests: m.requests.WithLabelValues(method, route, strconv.Itoa(status)),
		latency: m.latency.WithLabelValues(method, route)}
}

// WithMetricsListener serves /metrics on ln (METRICS_ADDR), apart from the
// main address, so that the figures are not public.
func WithMetricsListener(ln net.Listener) Option { return func(s *Server) { s.metricsAddr = ln } }

// Metrics is the handler of the metrics listener: /metrics and nothing else.
func (s *Server) Metrics() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{}))
	return mux
}

// serveMetrics serves Metrics on the metrics listener, if any, until the
// returned stop is called.
func (s *Server) serveMetrics(ctx context.Context) (stop func()) {
	if s.metricsAddr == nil {
		return func() {}
	}
	srv := newHTTPServer(ctx, s.Metrics())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(s.metricsAddr); !errors.Is(err, http.ErrServerClosed) {
			slog.Error("metrics listener failed", "error", err)
		}
	}()
	return func() {
		if err := srv.Close(); err != nil {
			slog.Warn("closing the metrics listener", "error", err)
		}
		<-done
	}
}
