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

	"openbank/aggregation"
	"openbank/banks/xs2a"
	"openbank/gateway"
	"openbank/handlers/docs"
	"openbank/sealing"
)

// Config is the server's configuration, read once from the environment.
type Config struct {
	Addr            string
	PublicURL       *url.URL
	DatabaseURL     string // empty: the embedded cluster under DataDir
	DatabaseReadURL string // a streaming replica for reads that may lag; empty: none
	DataDir         string
	LogLevel        slog.Level
	SessionKeys     [][]byte         // empty: generated once and kept in the database
	SecretsKeys     *sealing.Keyring // SECRETS_KEY; nil: the embedded cluster's key under DataDir
	TrustedProxies  []string
	// ClientCertHeader names the header in which a TLS terminator listed in
	// TrustedProxies passes the client certificate (mutual TLS); "": off.
	ClientCertHeader string
	AutoMigrate      bool
	DBMaxConns       int
	ShutdownTimeout  time.Duration
	BenchRoutes      bool // reference routes for `make bench` only

	ShutdownDrain  time.Duration // after SIGTERM, /readyz answers 503 while requests are still served
	DBConnLifetime time.Duration // 0: a connection is kept for as long as it works
	MetricsAddr    string        // empty: no metrics listener

	Console ConsoleConfig // the admin console's sign-in and sessions

	// CallbackAllowPrivate lets callbacks go to plain http and to private,
	// loopback and link-local addresses: for local work, never in production.
	CallbackAllowPrivate bool
	// TestBanksInProduction lets production clients connect the test (mock)
	// banks too, for smoke tests of a production set-up.
	TestBanksInProduction bool
	// Callbacks is how callbacks present themselves: mutual TLS, source addresses.
	Callbacks CallbackConfig
	// Mail is the SMTP server of the developer portal's email.
	Mail MailConfig
	// CallbackPorts are the ports a callback URL may name besides 443
	// (CALLBACK_ALLOWED_PORTS).
	CallbackPorts []int

	FetchLatency    time.Duration // simulated provider latency of each fetch
	SlowFetch       time.Duration // how long the mock banks' "slow" user makes a fetch wait
	JobWorkers      int
	JobLease        time.Duration
	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	KeyRotation     time.Duration // 0: signing keys rotate only by command
	GatewayLimits   gateway.Limits
	// AggregationQuotas bound the connections and open widget links of a
	// client's subjects, unless the client has its own.
	AggregationQuotas aggregation.Quotas
	WidgetMaxOpenings int           // openings of a widget link beyond it are refused
	WidgetTTL         time.Duration // life of a widget link
	ResultTTL         time.Duration // how long the link to an analytics or report result works
	RateLimitRequests int           // API requests per RateLimitWindow of a client without its own limit; 0: unlimited
	RateLimitWindow   time.Duration // the window of every client's rate limit
	// PasswordHashConcurrency bounds the password checks in flight; 0: two per core.
	PasswordHashConcurrency int
	// PasswordHashWait is how long a password check waits for a slot before a 503.
	PasswordHashWait time.Duration
	// JobInFlight is how many jobs one instance holds at once, most of
	// them waiting on a bank; JobWorkers of them work at once.
	JobInFlight int
	// BankMaxConcurrency bounds the fetches one instance has waiting on
	// one bank at once.
	BankMaxConcurrency int
	// RefreshWindow is the time the daily refresh spreads its fetches
	// over; 0 queues them all at once.
	RefreshWindow time.Duration
	// BankDirectory is the operator's bank directory file; empty: none.
	BankDirectory string
	// Banks are the directory's entries, checked.
	Banks []xs2a.Bank
	// SandboxAddr is where the mock banks are served as Berlin Group
	// ASPSPs, registered as the directory's entries of their codes; empty:
	// not served, the mock banks are called in-process.
	SandboxAddr string
	// Demo is the demo's credentials when `serve --demo` seeded them: /docs
	// shows them. Nil outside the demo.
	Demo *docs.Demo
}

// LoadConfig reads the configuration through getenv (os.Getenv in
// production) and reports every problem at once, each saying what to fix.
func LoadConfig(getenv func(string) string) (Config, error) {
	r := envReader{getenv: getenv}
	cfg := Config{
		Addr:              r.str("ADDR", ":8080"),
		DatabaseURL:       r.str("DATABASE_URL", ""),
		DatabaseReadURL:   r.str("DATABASE_READ_URL", ""),
		DataDir:           r.str("DATA_DIR", ".data"),
		LogLevel:          r.level("LOG_LEVEL", slog.LevelInfo),
		AutoMigrate:       r.boolean("AUTO_MIGRATE", true),
		DBMaxConns:        r.integer("DB_MAX_CONNS", 20, 1, 1000),
		ShutdownTimeout:   r.duration("SHUTDOWN_TIMEOUT", 20*time.Second),
		ShutdownDrain:     r.durationIn0("SHUTDOWN_DRAIN", 5*time.Second, time.Minute),
		DBConnLifetime:    r.durationIn0("DB_CONN_MAX_LIFETIME", 30*time.Minute, 24*time.Hour),
		MetricsAddr:       r.listenAddr("METRICS_ADDR", "127.0.0.1:9090"),
		BenchRoutes:       r.boolean("BENCH_ROUTES", false),
		FetchLatency:      r.duration0("FETCH_LATENCY", 2*time.Second),
		SlowFetch:         r.duration0("MOCK_SLOW_FETCH", 20*time.Second),
		JobWorkers:        r.integer("JOB_WORKERS", 4, 1, 256),
		JobLease:          r.duration("JOB_LEASE", 30*time.Second),
		AccessTokenTTL:    r.durationIn("ACCESS_TOKEN_TTL", time.Hour, time.Minute, 24*time.Hour),
		RefreshTokenTTL:   r.durationIn("REFRESH_TOKEN_TTL", 84600*time.Second, 5*time.Minute, 365*24*time.Hour),
		KeyRotation:       r.rotation("KEY_ROTATION", 30*24*time.Hour),
		WidgetMaxOpenings: r.integer("WIDGET_MAX_OPENINGS", 5, 1, 1000),
		WidgetTTL:         r.duration("WIDGET_TTL", 24*time.Hour),
		ResultTTL:         r.durationIn("RESULT_TTL", 24*time.Hour, time.Minute, 30*24*time.Hour),
		RateLimitRequests: r.integer("RATE_LIMIT_REQUESTS", 1200, 0, 1_000_000_000),
		RateLimitWindow:   r.durationIn("RATE_LIMIT_WINDOW", time.Minute, time.Second, 24*time.Hour),

		PasswordHashConcurrency: r.integer("PASSWORD_HASH_CONCURRENCY", 0, 0, 1024),
		PasswordHashWait:        r.durationIn("PASSWORD_HASH_WAIT", time.Second, 100*time.Millisecond, 30*time.Second),
	}
	if cfg.WidgetTTL < time.Minute || cfg.WidgetTTL > 30*24*time.Hour {
		r.fail("WIDGET_TTL", cfg.WidgetTTL.String(), "must be from 1m to 720h (30 days), e.g. 24h")
		cfg.WidgetTTL = 24 * time.Hour
	}
	def := gateway.DefaultLimits()
	cfg.GatewayLimits = gateway.Limits{
		ShowcasesPerOwner:    r.integer("GATEWAY_MAX_SHOWCASES_PER_OWNER", def.ShowcasesPerOwner, 1, 1_000_000),
		RemindersPerShowcase: r.integer("GATEWAY_MAX_REMINDERS_PER_SHOWCASE", def.RemindersPerShowcase, 1, 1_000_000),
		ConsentsPerShowcase:  r.integer("GATEWAY_MAX_CONSENTS_PER_SHOWCASE", def.ConsentsPerShowcase, 1, 1_000_000),
	}
	quotas := aggregation.DefaultQuotas()
	cfg.AggregationQuotas = aggregation.Quotas{
		SubjectConnections: r.integer("AGGREGATION_MAX_CONNECTIONS_PER_SUBJECT", quotas.SubjectConnections, 1, 1_000_000),
		SubjectWidgets:     r.integer("AGGREGATION_MAX_OPEN_WIDGETS_PER_SUBJECT", quotas.SubjectWidgets, 1, 1_000_000),
		Connections:        r.integer("AGGREGATION_MAX_CONNECTIONS_PER_CLIENT", quotas.Connections, 1, 1_000_000_000),
	}
	cfg.PublicURL = r.publicURL("PUBLIC_URL", "http://localhost:8080")
	cfg.SessionKeys = r.sessionKeys("SESSION_KEYS")
	cfg.SecretsKeys = r.secretsKeys("SECRETS_KEY")
	cfg.TrustedProxies = r.proxies("TRUSTED_PROXIES")
	cfg.ClientCertHeader = r.str("CLIENT_CERT_HEADER", "")
	if cfg.ClientCertHeader != "" && len(cfg.TrustedProxies) == 0 {
		r.fail("CLIENT_CERT_HEADER", cfg.ClientCertHeader, "needs TRUSTED_PROXIES: the header is believed only from the TLS terminator")
	}
	cfg.Console = r.console()
	cfg.CallbackAllowPrivate = r.boolean("CALLBACK_ALLOW_PRIVATE", false)
	cfg.TestBanksInProduction = r.boolean("PRODUCTION_ALLOWS_TEST_BANKS", false)
	cfg.Callbacks = r.callbacks()
	cfg.Mail = r.mail()
	cfg.CallbackPorts = r.ports("CALLBACK_ALLOWED_PORTS")
	cfg.JobInFlight = r.integer("JOB_IN_FLIGHT", 1000, 1, 100_000)
	cfg.BankMaxConcurrency = r.integer("BANK_MAX_CONCURRENCY", 500, 1, 100_000)
	cfg.RefreshWindow = r.durationIn0("REFRESH_WINDOW", 6*time.Hour, 23*time.Hour)
	if cfg.JobInFlight < cfg.JobWorkers {
		r.fail("JOB_IN_FLIGHT", strconv.Itoa(cfg.JobInFlight), "must be at least JOB_WORKERS ("+strconv.Itoa(cfg.JobWorkers)+")")
	}
	if cfg.RefreshTokenTTL < cfg.AccessTokenTTL {
		r.fail("REFRESH_TOKEN_TTL", cfg.RefreshTokenTTL.String(), "must not be shorter than ACCESS_TOKEN_TTL ("+cfg.AccessTokenTTL.String()+")")
	}
	if cfg.KeyRotation != 0 && cfg.KeyRotation < 2*cfg.AccessTokenTTL {
		r.fail("KEY_ROTATION", cfg.KeyRotation.String(), "must be off or at least twice ACCESS_TOKEN_TTL, so that a key is published before it signs")
	}
	if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
		r.fail("ADDR", cfg.Addr, "must be host:port or :port, e.g. :8080")
	}
	if cfg.DatabaseURL != "" && !strings.HasPrefix(cfg.DatabaseURL, "postgres") && !strings.Contains(cfg.DatabaseURL, "=") {
		r.fail("DATABASE_URL", "(hidden)", "must be a postgres:// URL or key=value connection string; unset it to use the embedded database")
	}
	r.readURL(cfg.DatabaseURL, cfg.DatabaseReadURL)
	r.banksConfig(&cfg)
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

// duration0 is duration allowing zero ("0s" turns the feature off).
func (r *envReader) duration0(name string, def time.Duration) time.Duration {
	v := r.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		r.fail(name, v, "must be a duration such as 0s, 500ms or 2s")
		return def
	}
	return d
}

// durationIn is duration within [lo, hi].
func (r *envReader) durationIn(name string, def, lo, hi time.Duration) time.Duration {
	d := r.duration(name, def)
	if d < lo || d > hi {
		r.fail(name, d.String(), fmt.Sprintf("must be from %s to %s", lo, hi))
		return def
	}
	return d
}

// durationIn0 is duration0 up to hi.
func (r *envReader) durationIn0(name string, def, hi time.Duration) time.Duration {
	d := r.duration0(name, def)
	if d > hi {
		r.fail(name, d.String(), "must be from 0s to "+hi.String())
		return def
	}
	return d
}

// listenAddr reads a host:port to listen on; "off" turns the listener off.
func (r *envReader) listenAddr(name, def string) string {
	v := r.str(name, def)
	if v == "off" {
		return ""
	}
	if _, _, err := net.SplitHostPort(v); err != nil {
		r.fail(name, v, "must be host:port, e.g. 127.0.0.1:9090, or off")
		return def
	}
	return v
}

// rotation reads a key-rotation interval; "off" or "0" turns it off.
func (r *envReader) rotation(name string, def time.Duration) time.Duration {
	if v := r.str(name, ""); v == "off" || v == "0" {
		return 0
	}
	return r.durationIn(name, def, time.Hour, 10*365*24*time.Hour)
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

// ConsoleConfig is how admins sign in to the console: at an external
// OpenID provider when Issuer is set, else at Openbank's own issuer.
type ConsoleConfig struct {
	Issuer       string   // ADMIN_OIDC_ISSUER; empty: the built-in issuer
	ClientID     string   // ADMIN_OIDC_CLIENT_ID
	ClientSecret string   // ADMIN_OIDC_CLIENT_SECRET; empty: a public client
	AdminClaim   string   // ADMIN_OIDC_ADMIN_CLAIM: the ID token claim that makes an admin
	AdminValues  []string // ADMIN_OIDC_ADMIN_VALUES: the claim's values that do
	IdleTimeout  time.Duration
	MaxAge       time.Duration
}

// console reads the console's variables; an external issuer needs its
// client id and the claim and values that make an admin.
func (r *envReader) console() ConsoleConfig {
	c := ConsoleConfig{Issuer: strings.TrimSuffix(r.str("ADMIN_OIDC_ISSUER", ""), "/"), ClientID: r.str("ADMIN_OIDC_CLIENT_ID", ""),
		ClientSecret: r.str("ADMIN_OIDC_CLIENT_SECRET", ""), AdminClaim: r.str("ADMIN_OIDC_ADMIN_CLAIM", "groups"),
		IdleTimeout: r.durationIn("ADMIN_SESSION_IDLE", 30*time.Minute, time.Minute, 24*time.Hour),
		MaxAge:      r.durationIn("ADMIN_SESSION_MAX", 12*time.Hour, 5*time.Minute, 7*24*time.Hour)}
	for _, v := range strings.Split(r.str("ADMIN_OIDC_ADMIN_VALUES", ""), ",") {
		if v = strings.TrimSpace(v); v != "" {
			c.AdminValues = append(c.AdminValues, v)
		}
	}
	if c.Issuer == "" {
		return c
	}
	if u, err := url.Parse(c.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		r.fail("ADMIN_OIDC_ISSUER", c.Issuer, "must be the issuer URL of an OpenID provider, e.g. https://login.example.com/realms/ops")
	}
	if c.ClientID == "" {
		r.fail("ADMIN_OIDC_CLIENT_ID", "", "is required with ADMIN_OIDC_ISSUER: the console's client id at that provider")
	}
	if len(c.AdminValues) == 0 {
		r.fail("ADMIN_OIDC_ADMIN_VALUES", "", "is required with ADMIN_OIDC_ISSUER: the values of ADMIN_OIDC_ADMIN_CLAIM ("+
			c.AdminClaim+") that make a user an admin, separated by commas")
	}
	return c
}
