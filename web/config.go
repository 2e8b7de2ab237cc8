package web

import (
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config is the server's configuration, read once from the environment.
type Config struct {
	Addr              string
	PublicURL         *url.URL
	DatabaseURL       string // empty: the embedded cluster under DataDir
	DataDir           string
	LogLevel          slog.Level
	SessionKeys       [][]byte // empty: generated once and kept in the database
	TrustedProxies    []string
	AutoMigrate       bool
	DBMaxConns        int
	ShutdownTimeout   time.Duration
	BenchRoutes       bool          // reference routes for `make bench` only
	WidgetMaxOpenings int           // openings of a widget link beyond it are refused
	WidgetTTL         time.Duration // life of a widget link
}

// LoadConfig reads the configuration through getenv (os.Getenv in
// production) and reports every problem at once, each saying what to fix.
func LoadConfig(getenv func(string) string) (Config, error) {
	r := envReader{getenv: getenv}
	cfg := Config{
		Addr:              r.str("ADDR", ":8080"),
		DatabaseURL:       r.str("DATABASE_URL", ""),
		DataDir:           r.str("DATA_DIR", ".data"),
		LogLevel:          r.level("LOG_LEVEL", slog.LevelInfo),
		AutoMigrate:       r.boolean("AUTO_MIGRATE", true),
		DBMaxConns:        r.integer("DB_MAX_CONNS", 20, 1, 1000),
		ShutdownTimeout:   r.duration("SHUTDOWN_TIMEOUT", 20*time.Second),
		BenchRoutes:       r.boolean("BENCH_ROUTES", false),
		WidgetMaxOpenings: r.integer("WIDGET_MAX_OPENINGS", 5, 1, 1000),
		WidgetTTL:         r.duration("WIDGET_TTL", 24*time.Hour),
	}
	if cfg.WidgetTTL < time.Minute || cfg.WidgetTTL > 30*24*time.Hour {
		r.fail("WIDGET_TTL", cfg.WidgetTTL.String(), "must be from 1m to 720h (30 days), e.g. 24h")
		cfg.WidgetTTL = 24 * time.Hour
	}
	cfg.PublicURL = r.publicURL("PUBLIC_URL", "http://localhost:8080")
	cfg.SessionKeys = r.sessionKeys("SESSION_KEYS")
	cfg.TrustedProxies = r.proxies("TRUSTED_PROXIES")
	if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
		r.fail("ADDR", cfg.Addr, "must be host:port or :port, e.g. :8080")
	}
	if cfg.DatabaseURL != "" && !strings.HasPrefix(cfg.DatabaseURL, "postgres") && !strings.Contains(cfg.DatabaseURL, "=") {
		r.fail("DATABASE_URL", "(hidden)", "must be a postgres:// URL or key=value connection string; unset it to use the embedded database")
	}
	return cfg, errors.Join(r.errs...)
}

// SecureCookies reports whether cookies must carry the Secure flag.
func (c Config) SecureCookies() bool { return c.PublicURL.Scheme == "https" }

type envReader struct {
	getenv func(string) string
	errs   []error
}

func (r *envReader) fail(name, value, hint string) {
	r.errs = append(r.errs, fmt.Errorf("%s=%q: %s", name, value, hint))
}

func (r *envReader) str(name, def string) string {
	if v := strings.TrimSpace(r.getenv(name)); v != "" {
		return v
	}
	return def
}

func (r *envReader) level(name string, def slog.Level) slog.Level {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(v)); err != nil {
		r.fail(name, v, "must be one of debug, info, warn, error")
		return def
	}
	return l
}

func (r *envReader) boolean(name string, def bool) bool {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.fail(name, v, "must be true or false")
		return def
	}
	return b
}

func (r *envReader) integer(name string, def, lo, hi int) int {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		r.fail(name, v, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		return def
	}
	return n
}

func (r *envReader) duration(name string, def time.Duration) time.Duration {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.fail(name, v, "must be a positive duration such as 30s, 5m or 1h")
		return def
	}
	return d
}

func (r *envReader) publicURL(name, def string) *url.URL {
	v := strings.TrimSuffix(r.str(name, def), "/")
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		r.fail(name, v, "must be the absolute http(s) address users reach Openbank at, e.g. https://openbank.example.com")
		u, _ = url.Parse(def)
	}
	return u
}

func (r *envReader) sessionKeys(name string) [][]byte {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	var keys [][]byte
	for i, part := range strings.Split(v, ",") {
		k, err := base64.StdEncoding.DecodeString(strings.TrimSpace(part))
		if err != nil || (len(k) != 32 && len(k) != 64) {
			r.fail(name, "(hidden)", fmt.Sprintf("key %d must be 32 or 64 random bytes in base64 (openssl rand -base64 32); "+
				"list the newest first, separated by commas", i+1))
			return nil
		}
		keys = append(keys, k)
	}
	return keys
}

func (r *envReader) proxies(name string) []string {
	v := r.str(name, "")
	if v == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(v, ",") {
		p = strings.TrimSpace(p)
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				r.fail(name, p, "must be a comma-separated list of IP addresses or CIDR ranges")
				continue
			}
		}
		out = append(out, p)
	}
	return out
}
