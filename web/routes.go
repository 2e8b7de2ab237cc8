package web

import (
	"time"

	"github.com/gin-gonic/gin"

	"openbank/handlers/docs"
	"openbank/handlers/gateway"
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

	// Pages and assets.
	e.GET("/", home.Home)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))
	e.GET("/openapi/:file", home.OpenAPI)

	// Showcase, Reminder and Consent gateway 1.1.0.
	gw := gateway.New(s.db, time.Now, s.cfg.GatewayLimits)
	g := e.Group("/gateway/v1.1.0", s.authenticated(oauth.ProductGateway))
	g.GET("/showcases", gw.ListShowcases)
	g.POST("/showcases", gw.CreateShowcase)
	g.POST("/showcases/search", gw.SearchShowcases)
	g.GET("/showcases/:name", gw.GetShowcase)
	g.PATCH("/showcases/:name", gw.PatchShowcase)
	g.DELETE("/showcases/:name", gw.DeleteShowcase)
	g.GET("/showcases/:name/reminders", gw.ListReminders)
	g.POST("/showcases/:name/reminders", gw.CreateReminder)
	g.POST("/showcases/:name/reminders/search", gw.SearchReminders)
	g.GET("/showcases/:name/reminders/:identifier", gw.GetReminder)
	g.PATCH("/showcases/:name/reminders/:identifier", gw.PatchReminder)
	g.DELETE("/showcases/:name/reminders/:identifier", gw.DeleteReminder)
	g.GET("/consents", gw.ListConsents)
	g.POST("/consents", gw.CreateConsent)
	g.GET("/consents/:identifier/:showcase", gw.GetConsent)
	g.DELETE("/consents/:identifier/:showcase", gw.DeleteConsent)
	g.GET("/reminder-texts", gw.ReminderTexts)

	if s.cfg.BenchRoutes {
		s.benchRoutes()
	}
}
