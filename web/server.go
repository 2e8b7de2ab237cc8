package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/banks/xs2a/sandbox"
	"openbank/egress"
	"openbank/handlers/page"
	"openbank/handlers/secure"
	"openbank/oauth"
	"openbank/portal"
	"openbank/ratelimit"
	"openbank/static"
	"openbank/store"
	"openbank/widget"
)

func init() { gin.SetMode(gin.ReleaseMode) }

// Server is one Openbank instance: the HTTP engine over a database.
type Server struct {
	// subjectNotFound answers unknown addresses under the subject's pages
	// (by path prefix) in their own style.
	subjectNotFound map[string]gin.HandlerFunc

	cfg      Config
	store    *store.Store
	engine   *gin.Engine
	bare     *gin.Engine // the bench's route without middleware; nil unless BENCH_ROUTES
	metrics  *metrics
	assets   *static.Assets
	pages    page.Renderer
	clients  Clients
	clock    func() time.Time
	signer   aggregation.Signer
	agg      *aggregation.Service
	widgets  *widget.Service
	oauth    *oauth.Server
	registry *oauth.Registry // the clients and users the console and the commands change
	cookies  *sessions.CookieStore
	limiter  *ratelimit.Limiter // the API rate limits; its sync runs until Close

	draining    atomic.Bool  // set at SIGTERM: /readyz answers 503
	metricsAddr net.Listener // where /metrics is served; nil: nowhere

	extraBanks    []banks.Provider // providers besides the mock banks (WithBanks)
	portal        *portal.Service  // the developer portal's accounts, applications and requests
	sandbox       *sandbox.ASPSP   // the mock banks as Berlin Group ASPSPs; nil: not served
	sandboxServer *http.Server
}

// NewServer builds the engine with every route. Options replace the
// client registry, the clock or the callback signer (tests use them). The
// authorization server's upkeep starts now and runs until Close.
func NewServer(cfg Config, st *store.Store, opts ...Option) (_ *Server, err error) {
	s := &Server{cfg: cfg, store: st, metrics: newMetrics(st), assets: static.New(), clock: time.Now}
	for _, o := range opts {
		o(s)
	}
	s.pages = page.Renderer{Assets: s.assets}
	if err := s.startOAuth(); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.clients == nil {
		s.clients = s.oauth.Clients()
	}
	if s.signer == nil {
		s.signer = s.oauth.Keys()
	}
	if err := s.startSandbox(); err != nil {
		return nil, err
	}
	agg, err := s.newAggregation()
	if err != nil {
		return nil, err
	}
	s.agg = agg
	s.widgets = widget.New(s.agg, widget.Options{MaxOpenings: cfg.WidgetMaxOpenings, TTL: cfg.WidgetTTL})
	s.portal = s.newPortal()
	e := gin.New()
	if err := e.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, fmt.Errorf("web: trusted proxies: %w", err)
	}
	e.HandleMethodNotAllowed = true
	e.ContextWithFallback = true
	e.Use(requestIDs, s.metrics.observe, s.recovery, securityHeaders, s.closeWhenDraining, s.databaseGate,
		s.requestLimits, privateData)
	if cfg.SecureCookies() {
		e.Use(secure.StrictTransport, secure.HostCookies)
	}
	if cfg.ClientCertHeader != "" {
		certs, err := newClientCertificates(cfg.ClientCertHeader, cfg.TrustedProxies)
		if err != nil {
			return nil, err
		}
		e.Use(certs.read)
	}
	e.NoRoute(s.noRoute)
	e.NoMethod(s.noMethod)
	s.engine = e
	if err := s.routes(); err != nil {
		return nil, err
	}
	return s, nil
}

// startOAuth starts the session store and the authorization server, and
// builds the registry of its clients and users over the same store and
// clock.
func (s *Server) startOAuth() error {
	ctx := context.Background()
	keys, err := sessionKeys(ctx, s.cfg, s.store)
	if err != nil {
		return err
	}
	s.cookies = newSessionStore(s.cfg, keys)
	s.oauth, err = oauth.New(ctx, s.store, oauth.Config{
		Issuer: s.cfg.PublicURL.String(), AccessTokenTTL: s.cfg.AccessTokenTTL, RefreshTokenTTL: s.cfg.RefreshTokenTTL,
		KeyRotation: s.cfg.KeyRotation, DatabaseURL: s.cfg.DatabaseURL,
		HashConcurrency: s.cfg.PasswordHashConcurrency, HashWait: s.cfg.PasswordHashWait, Clock: s.clock,
		Egress: egress.Policy{AllowPrivate: s.cfg.CallbackAllowPrivate}, MutualTLS: s.cfg.ClientCertHeader != "",
	})
	if err != nil {
		return fmt.Errorf("web: authorization server: %w", err)
	}
	s.registry = &oauth.Registry{Store: s.store, Clock: s.clock, AccessTokenTTL: s.cfg.AccessTokenTTL}
	return nil
}

// Close stops what NewServer started and Serve does not stop: the rate
// limiter's sync and the authorization server's upkeep (revocations, keys,
// pruning; docs/architecture.md lists them). Call it after Serve returns,
// so that requests in flight still see every revocation, and before the
// database closes.
func (s *Server) Close() {
	if s.limiter != nil {
		s.limiter.Close()
	}
	s.oauth.Close()
	s.closeSandbox()
}

// OAuth is the authorization server, for tests and commands.
func (s *Server) OAuth() *oauth.Server { return s.oauth }

// Registry registers the server's OAuth clients and users, for tests.
func (s *Server) Registry() *oauth.Registry { return s.registry }

// Widgets is the server's widget service, for tests.
func (s *Server) Widgets() *widget.Service { return s.widgets }

// Engine exposes the Gin engine, for tests that add routes.
func (s *Server) Engine() *gin.Engine { return s.engine }

// ServeHTTP implements http.Handler. HEAD is answered as GET: net/http
// sends the status and headers, Content-Length included, and no body.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead {
		r = r.WithContext(r.Context())
		r.Method = http.MethodGet
	}
	if s.bare != nil && r.URL.Path == benchBarePath {
		s.bare.ServeHTTP(w, r)
		return
	}
	s.engine.ServeHTTP(w, r)
}

// Serve answers on ln and runs the background jobs until ctx ends. Then it
// drains: /readyz answers 503 so that load balancers move away while
// requests are still served for the drain period; then it stops taking
// requests, waits up to the shutdown timeout for those in flight, and only
// then stops the job workers.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	workCtx, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	background := make(chan struct{})
	go func() { s.runBackground(workCtx); close(background) }()
	defer func() { stopWork(); <-background }()

	srv := newHTTPServer(ctx, s)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	stopMetrics := s.serveMetrics(ctx)
	defer stopMetrics()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.drain(done)
	slog.Info("shutting down: finishing requests in flight", "timeout", s.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// newHTTPServer is the HTTP server of h with the server's timeouts.
func newHTTPServer(ctx context.Context, h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
}

// drain answers /readyz 503 and keeps serving for the drain period, so that
// a load balancer stops sending requests before the listener closes.
func (s *Server) drain(served chan error) {
	s.draining.Store(true)
	if s.cfg.ShutdownDrain <= 0 {
		return
	}
	slog.Info("draining: /readyz answers 503, requests are still served", "drain", s.cfg.ShutdownDrain.String())
	select {
	case <-time.After(s.cfg.ShutdownDrain):
	case err := <-served: // the listener failed: nothing left to drain
		served <- err
	}
}
