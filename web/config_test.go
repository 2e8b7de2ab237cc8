package web

import (
	"slices"
	"strings"
	"testing"
	"time"

	"openbank/aggregation"
	"openbank/gateway"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigDefaults(t *testing.T) {
	cfg, err := LoadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":8080" || cfg.PublicURL.String() != "http://localhost:8080" || cfg.DatabaseURL != "" ||
		cfg.DataDir != ".data" || !cfg.AutoMigrate || cfg.ShutdownTimeout != 20*time.Second || cfg.SecureCookies() ||
		cfg.GatewayLimits != gateway.DefaultLimits() || cfg.WidgetMaxOpenings != 5 || cfg.WidgetTTL != 24*time.Hour ||
		cfg.AggregationQuotas != (aggregation.Quotas{SubjectConnections: 25, SubjectWidgets: 10, Connections: 100_000}) {
		t.Fatalf("unexpected defaults: %+v", cfg)
	}
}

func TestLoadConfigMessages(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"bad addr", map[string]string{"ADDR": "8080"}, []string{`ADDR="8080": must be host:port`}},
		{"relative public url", map[string]string{"PUBLIC_URL": "example.com"}, []string{"PUBLIC_URL", "absolute http(s) address"}},
		{"public url with query", map[string]string{"PUBLIC_URL": "https://x.example?a=1"}, []string{"PUBLIC_URL"}},
		{"log level", map[string]string{"LOG_LEVEL": "loud"}, []string{"LOG_LEVEL", "debug, info, warn, error"}},
		{"short session key", map[string]string{"SESSION_KEYS": "c2hvcnQ="}, []string{"SESSION_KEYS", "32 or 64 random bytes", "openssl rand"}},
		{"bad proxy", map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,nope"}, []string{`TRUSTED_PROXIES="nope"`}},
		{"bad bool", map[string]string{"AUTO_MIGRATE": "perhaps"}, []string{"AUTO_MIGRATE", "true or false"}},
		{"bad duration", map[string]string{"SHUTDOWN_TIMEOUT": "-3s"}, []string{"SHUTDOWN_TIMEOUT", "positive duration"}},
		{"bad conns", map[string]string{"DB_MAX_CONNS": "0"}, []string{"DB_MAX_CONNS", "from 1 to 1000"}},
		{"bad database url", map[string]string{"DATABASE_URL": "mysql:x"}, []string{"DATABASE_URL", "embedded database"}},
		{"bad showcase limit", map[string]string{"GATEWAY_MAX_SHOWCASES_PER_OWNER": "0"}, []string{"GATEWAY_MAX_SHOWCASES_PER_OWNER", "from 1 to 1000000"}},
		{"bad reminder limit", map[string]string{"GATEWAY_MAX_REMINDERS_PER_SHOWCASE": "many"}, []string{"GATEWAY_MAX_REMINDERS_PER_SHOWCASE"}},
		{"bad consent limit", map[string]string{"GATEWAY_MAX_CONSENTS_PER_SHOWCASE": "-5"}, []string{"GATEWAY_MAX_CONSENTS_PER_SHOWCASE"}},
		{"widget openings", map[string]string{"WIDGET_MAX_OPENINGS": "0"}, []string{"WIDGET_MAX_OPENINGS", "from 1 to 1000"}},
		{"widget ttl", map[string]string{"WIDGET_TTL": "10s"}, []string{"WIDGET_TTL", "from 1m to 720h"}},
		{"widget ttl format", map[string]string{"WIDGET_TTL": "a day"}, []string{"WIDGET_TTL", "positive duration"}},
		{"in flight below workers", map[string]string{"JOB_WORKERS": "8", "JOB_IN_FLIGHT": "4"}, []string{"JOB_IN_FLIGHT", "at least JOB_WORKERS (8)"}},
		{"bank concurrency", map[string]string{"BANK_MAX_CONCURRENCY": "0"}, []string{"BANK_MAX_CONCURRENCY", "from 1 to 100000"}},
		{"refresh window", map[string]string{"REFRESH_WINDOW": "30h"}, []string{"REFRESH_WINDOW", "from 0s to 23h0m0s"}},
		{"callback port", map[string]string{"CALLBACK_ALLOWED_PORTS": "8443,ssh"}, []string{`CALLBACK_ALLOWED_PORTS="ssh"`, "from 1 to 65535"}},
		{"connections quota", map[string]string{"AGGREGATION_MAX_CONNECTIONS_PER_SUBJECT": "0"}, []string{"AGGREGATION_MAX_CONNECTIONS_PER_SUBJECT", "from 1 to 1000000"}},
		{"widgets quota", map[string]string{"AGGREGATION_MAX_OPEN_WIDGETS_PER_SUBJECT": "many"}, []string{"AGGREGATION_MAX_OPEN_WIDGETS_PER_SUBJECT"}},
		{"client quota", map[string]string{"AGGREGATION_MAX_CONNECTIONS_PER_CLIENT": "-1"}, []string{"AGGREGATION_MAX_CONNECTIONS_PER_CLIENT"}},
		{"callback port range", map[string]string{"CALLBACK_ALLOWED_PORTS": "70000"}, []string{`CALLBACK_ALLOWED_PORTS="70000"`}},
		{"several at once", map[string]string{"ADDR": "x", "LOG_LEVEL": "y"}, []string{"ADDR", "LOG_LEVEL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadConfig(env(tt.env))
			if err == nil {
				t.Fatal("want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestLoadConfigAccepts(t *testing.T) {
	cfg, err := LoadConfig(env(map[string]string{
		"ADDR": "127.0.0.1:9000", "PUBLIC_URL": "https://bank.example.com/", "LOG_LEVEL": "debug",
		"SESSION_KEYS": "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=", "TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.1",
		"GATEWAY_MAX_SHOWCASES_PER_OWNER": "5", "GATEWAY_MAX_REMINDERS_PER_SHOWCASE": "6", "GATEWAY_MAX_CONSENTS_PER_SHOWCASE": "7",
		"CALLBACK_ALLOWED_PORTS": "9443, 8443,8443", "AGGREGATION_MAX_CONNECTIONS_PER_SUBJECT": "5",
		"AGGREGATION_MAX_OPEN_WIDGETS_PER_SUBJECT": "2", "AGGREGATION_MAX_CONNECTIONS_PER_CLIENT": "900",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.PublicURL.String() != "https://bank.example.com" || !cfg.SecureCookies() || len(cfg.SessionKeys) != 1 || len(cfg.TrustedProxies) != 2 ||
		cfg.GatewayLimits.ShowcasesPerOwner != 5 || cfg.GatewayLimits.RemindersPerShowcase != 6 || cfg.GatewayLimits.ConsentsPerShowcase != 7 ||
		!slices.Equal(cfg.Outbound().Ports, []int{8443, 9443}) ||
		cfg.AggregationQuotas != (aggregation.Quotas{SubjectConnections: 5, SubjectWidgets: 2, Connections: 900}) {
		t.Fatalf("unexpected config: %+v", cfg)
	}
}
