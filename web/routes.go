package web

import (
	"github.com/gin-gonic/gin"

	"openbank/handlers/docs"
)

// apiPrefixes are the paths whose errors are answered as JSON.
var apiPrefixes = []string{
	"/gateway/", "/aggregation/", "/oauth2/", "/token", "/.well-known/", "/openapi/",
	"/healthz", "/readyz", "/metrics",
}

// routes is the route table: every route of the server, top to bottom.
func (s *Server) routes() {
	e := s.engine
	home := &docs.Handler{Pages: s.pages, PublicURL: s.cfg.PublicURL.String()}

	// Operations.
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/metrics", s.metrics.handler())

	// Pages and assets.
	e.GET("/", home.Home)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))

	if s.cfg.BenchRoutes {
		s.benchRoutes()
	}
}
