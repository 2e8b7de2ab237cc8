package web

import (
	"strings"
	"testing"
	"time"
)

// TestOperationsConfig reads the drain, the pool's connection lifetime and
// the metrics address, with their defaults and their refusals.
func TestOperationsConfig(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		drain    time.Duration
		lifetime time.Duration
		metrics  string
		problem  string // part of the error; "" for none
	}{
		{"defaults", nil, 5 * time.Second, 30 * time.Minute, "127.0.0.1:9090", ""},
		{"set", map[string]string{"SHUTDOWN_DRAIN": "0s", "DB_CONN_MAX_LIFETIME": "1h", "METRICS_ADDR": ":9100"}, 0, time.Hour, ":9100", ""},
		{"metrics off", map[string]string{"METRICS_ADDR": "off"}, 5 * time.Second, 30 * time.Minute, "", ""},
		{"bad metrics address", map[string]string{"METRICS_ADDR": "9090"}, 0, 0, "", `METRICS_ADDR="9090": must be host:port`},
		{"drain too long", map[string]string{"SHUTDOWN_DRAIN": "5m"}, 0, 0, "", "SHUTDOWN_DRAIN"},
		{"negative lifetime", map[string]string{"DB_CONN_MAX_LIFETIME": "-1m"}, 0, 0, "", "DB_CONN_MAX_LIFETIME"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := LoadConfig(env(tt.env))
			if tt.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tt.problem) {
					t.Fatalf("error %v, want one mentioning %q", err, tt.problem)
				}
				return
			}
			if err != nil || cfg.ShutdownDrain != tt.drain || cfg.DBConnLifetime != tt.lifetime || cfg.MetricsAddr != tt.metrics {
				t.Fatalf("drain %s, lifetime %s, metrics %q, error %v", cfg.ShutdownDrain, cfg.DBConnLifetime, cfg.MetricsAddr, err)
			}
		})
	}
}
