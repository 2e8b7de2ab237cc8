package web

import (
	"github.com/gin-gonic/gin"

	"openbank/gateway"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/csrf"
	"openbank/handlers/docs"
	"openbank/handlers/fault"
	gwapi "openbank/handlers/gateway"
	"openbank/handlers/mockbank"
	oauthhttp "openbank/handlers/oauth"
	"openbank/handlers/widget"
	"openbank/oauth"
)

// apiPrefixes are the paths whose errors are answered as JSON.
var apiPrefixes = []string{
	"/gateway/", "/aggregation/", "/oauth2/token", "/oauth2/revoke", "/oauth2/introspect", "/oauth2/userinfo",
	"/oauth2/jwks", "/token", "/.well-known/", "/openapi/", "/healthz", "/readyz", "/metrics",
}

// routes is the route table: every route of the server, top to bottom.
func (s *Server) routes() {
	e := s.engine
	home := &docs.Handler{Pages: s.pages, PublicURL: s.cfg.PublicURL.String()}
	auth := oauthhttp.New(s.oauth, s.pages, s.cookies)
	forms := csrf.Protect(s.cookies, s.csrfRefused)
	agg := aggapi.New(s.agg)
	wg := widget.New(s.widgets, s.clients, s.pages, s.cookies, s.cfg.SecureCookies())
	bank := mockbank.New(s.agg, s.pages, derivedKey(s.keys, "mockbank csrf"))

	// Operations.
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/metrics", s.metrics.handler())

	// OAuth 2.0 and OpenID Connect.
	e.POST("/oauth2/token", auth.Token)
	e.POST("/token", auth.Token)
	e.GET("/oauth2/token", auth.PostOnly)
	e.GET("/token", auth.PostOnly)
	e.GET("/oauth2/authorize", forms, auth.Authorize)
	e.POST("/oauth2/authorize", forms, auth.AuthorizePost)
	e.POST("/oauth2/revoke", auth.Revoke)
	e.POST("/oauth2/introspect", auth.Introspect)
	e.GET("/oauth2/userinfo", auth.UserInfo)
	e.POST("/oauth2/userinfo", auth.UserInfo)
	e.GET("/oauth2/jwks", auth.JWKS)
	e.GET("/.well-known/openid-configuration", auth.Discovery)
	e.GET("/.well-known/oauth-authorization-server", auth.Discovery)

	// Pages and assets.
	e.GET("/", home.Home)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))
	e.GET("/openapi/:file", home.OpenAPI)

	// Showcase, Reminder and Consent gateway 1.1.0.
	gw := gwapi.New(&gateway.Service{Store: s.store, Clock: s.clock, Limits: s.cfg.GatewayLimits})
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

	// Account-data aggregation, both release levels with the same behaviour.
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

	// Bank-connect widget: the clients' JSON calls (both API versions), the
	// subject's pages (a session cookie started by opening the link guards
	// them and carries the CSRF token) and the mock banks' own sign-in pages.
	for _, version := range []string{"/aggregation/v3.12.0", "/aggregation/v3.11.0"} {
		api := e.Group(version, s.authenticated(oauth.ProductWidget), agg.Track)
		api.POST("/widget/connect", agg.Idempotent, wg.Connect)
		api.POST("/widget/reconnect", agg.Idempotent, wg.Reconnect)
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

// csrfRefused answers a form posted without its CSRF token.
func (s *Server) csrfRefused(c *gin.Context) {
	s.fail(c, fault.New(403, fault.CodeForbidden, "This form has expired",
		"the page was open too long or cookies are blocked; go back, reload the page and try again"))
}
