package web

import (
	"github.com/gin-gonic/gin"

	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/docs"
	"openbank/oauth"
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

	// Account-data aggregation, both release levels with the same behaviour.
	agg := aggapi.New(s.aggregation)
	for _, version := range []string{"v3.12.0", "v3.11.0"} {
		g := e.Group("/aggregation/"+version, s.authenticated(oauth.ProductAggregation), agg.Track)
		g.GET("/providers", agg.Providers)
		g.POST("/connections", agg.Idempotent, agg.CreateConnection)
		g.GET("/connections", agg.ListConnections)
		g.GET("/connections/:connectionId", agg.GetConnection)
		g.DELETE("/connections/:connectionId", agg.Idempotent, agg.DeleteConnection)
		g.POST("/connections/:connectionId/refetch", agg.Idempotent, agg.Refetch)
		g.POST("/connections/:connectionId/sca", agg.Idempotent, agg.CompleteSCA)
		g.GET("/connections/:connectionId/consents", agg.ListConsents)
		g.GET("/connections/:connectionId/consent", agg.GetConsent)
		g.GET("/connections/:connectionId/fetches", agg.ListFetches)
		g.GET("/accounts", agg.ListAccounts)
		g.GET("/transactions", agg.ListTransactions)
	}

	// Pages and assets.
	e.GET("/", home.Home)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))

	if s.cfg.BenchRoutes {
		s.benchRoutes()
	}
}
