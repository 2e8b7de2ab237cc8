package web

import (
	"github.com/gin-gonic/gin"

	"openbank/handlers/docs"
	"openbank/handlers/mockbank"
	"openbank/handlers/widget"
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
	wg := widget.New(s.agg, s.clients, s.pages, s.cookies, s.cfg.SecureCookies())
	bank := mockbank.New(s.agg, s.pages, derivedKey(s.keys, "mockbank csrf"))

	// Operations.
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/metrics", s.metrics.handler())

	// Pages and assets.
	e.GET("/", home.Home)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))

	// Bank-connect widget: the clients' JSON calls (both API versions), the
	// subject's pages (a session cookie started by opening the link guards
	// them and carries the CSRF token) and the mock banks' own sign-in pages.
	for _, version := range []string{"/aggregation/v3.12.0", "/aggregation/v3.11.0"} {
		api := e.Group(version, s.authenticated(oauth.ProductWidget), wg.RequestIDs)
		api.POST("/widget/connect", wg.Connect)
		api.POST("/widget/reconnect", wg.Reconnect)
		api.GET("/widget/statistics", wg.Statistics)
	}
	e.GET("/widget/w/:id", wg.Open)
	visit := e.Group("/widget/w/:id", wg.Visit)
	visit.GET("/banks", wg.Banks)
	visit.GET("/consent", wg.Consent)
	visit.POST("/consent", wg.Agree)
	visit.GET("/login", wg.Login)
	visit.POST("/login", wg.SubmitLogin)
	visit.POST("/cancel", wg.Cancel)
	visit.GET("/return", wg.Return)
	visit.GET("/progress", wg.Progress)
	visit.GET("/done", wg.Done)
	e.GET("/mockbank/:bank/sca", bank.SCA)
	e.POST("/mockbank/:bank/sca", bank.SubmitSCA)

	if s.cfg.BenchRoutes {
		s.benchRoutes()
	}
}
