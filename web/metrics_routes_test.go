package web

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// TestMetricsOfRoutes checks that the figures kept by route are the
// vectors' own children, one per method, route and status, and that
// unmatched paths are counted without being kept.
func TestMetricsOfRoutes(t *testing.T) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "requests"}, []string{"method", "route", "status"}),
		latency:  prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "latency"}, []string{"method", "route"}),
	}
	tests := []struct {
		method, route string
		status        int
		kept          string // the route label the figures are kept under; "" when not kept
	}{
		{"GET", "/healthz", 200, "/healthz"},
		{"GET", "/healthz", 200, "/healthz"},
		{"GET", "/healthz", 503, "/healthz"},
		{"POST", "/oauth2/token", 200, "/oauth2/token"},
		{"BREW", "", 404, ""},
	}
	for _, tt := range tests {
		rm := m.of(tt.method, tt.route, tt.status)
		label := tt.route
		if label == "" {
			label = "unmatched"
		}
		want := m.lookup(tt.method, label, tt.status)
		if rm.requests != want.requests || rm.latency != want.latency {
			t.Errorf("%s %s %d: figures are not the vectors' children", tt.method, tt.route, tt.status)
		}
		_, kept := (*m.routes.Load())[routeKey{tt.method, tt.route, tt.status}]
		if kept != (tt.kept != "") {
			t.Errorf("%s %s %d: kept %v", tt.method, tt.route, tt.status, kept)
		}
	}
	if n := len(*m.routes.Load()); n != 3 {
		t.Errorf("%d routes kept, want 3", n)
	}
	if m.of("GET", "/healthz", 200).requests == m.of("GET", "/healthz", 503).requests {
		t.Error("two statuses share a counter")
	}
}
