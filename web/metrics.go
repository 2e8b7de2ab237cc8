package web

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
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
// which would let clients create unbounded label values).
func (m *metrics) observe(c *gin.Context) {
	start := time.Now()
	c.Next()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
	m.latency.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
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
