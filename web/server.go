package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"
	"github.com/jmoiron/sqlx"

	"openbank/aggregation"
	"openbank/handlers/page"
	"openbank/static"
)

func init() { gin.SetMode(gin.ReleaseMode) }

// Server is one Openbank instance: the HTTP engine over a database.
type Server struct {
	cfg     Config
	db      *sqlx.DB
	engine  *gin.Engine
	metrics *metrics
	assets  *static.Assets
	pages   page.Renderer
	clients Clients
	clock   func() time.Time
	signer  aggregation.Signer
	agg     *aggregation.Service
	cookies *sessions.CookieStore
	keys    [][]byte // cookie keys, newest first
}

// NewServer builds the engine with every route.
func NewServer(cfg Config, db *sqlx.DB, opts ...Option) (*Server, error) {
	s := &Server{cfg: cfg, db: db, metrics: newMetrics(db), assets: static.New(),
		clients: StaticClients{}, clock: time.Now, signer: noSigner{}}
	for _, o := range opts {
		o(s)
	}
	s.pages = page.Renderer{Assets: s.assets}
	keys, err := cookieKeys(context.Background(), cfg, db)
	if err != nil {
		return nil, err
	}
	s.keys, s.cookies = keys, newCookieStore(keys)
	s.agg = s.newAggregation()
	e := gin.New()
	if err := e.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, fmt.Errorf("web: trusted proxies: %w", err)
	}
	e.HandleMethodNotAllowed = true
	e.ContextWithFallback = true
	e.Use(requestIDs, s.metrics.observe, accessLog, s.recovery, securityHeaders)
	e.NoRoute(s.noRoute)
	e.NoMethod(s.noMethod)
	s.engine = e
	s.routes()
	return s, nil
}

// Engine exposes the Gin engine, for tests that add routes.
func (s *Server) Engine() *gin.Engine { return s.engine }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Serve answers on ln until ctx ends, then stops taking requests and waits
// up to the shutdown timeout for those in flight.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing requests in flight", "timeout", s.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
