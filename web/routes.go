package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"openbank/gateway"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/csrf"
	"openbank/handlers/docs"
	gwapi "openbank/handlers/gateway"
	"openbank/handlers/mockbank"
	oauthhttp "openbank/handlers/oauth"
	portalhttp "openbank/handlers/portal"
	limithttp "openbank/handlers/ratelimit"
	"openbank/handlers/results"
	"openbank/handlers/widget"
	"openbank/oauth"
	"openbank/ratelimit"
)

// apiPrefixes are the paths whose errors are answered as JSON.
var apiPrefixes = []string{
	"/gateway/", "/aggregation/", "/oauth2/token", "/oauth2/par", "/oauth2/revoke", "/oauth2/introspect", "/oauth2/userinfo",
	"/oauth2/jwks", "/token", "/.well-known/", "/openapi/", "/healthz", "/readyz", "/metrics", "/results/",
}

// protocolPrefixes are the OAuth endpoints whose errors are RFC 6749's
// error documents rather than ErrorResponses.
var protocolPrefixes = []string{
	"/oauth2/token", "/oauth2/par", "/oauth2/revoke", "/oauth2/introspect", "/oauth2/userinfo", "/oauth2/jwks", "/token",
}

// routes is the route table: every group of the server with its prefix and
// its middleware, top to bottom; each handler package mounts its own routes.
func (s *Server) routes() error {
	e := s.engine
	forms, err := csrf.New(s.cookies, s.pages, s.cfg.PublicURL.Scheme+"://"+s.cfg.PublicURL.Host, s.cfg.SecureCookies())
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	agg := aggapi.New(s.agg)
	// Every API answer counts against its client's rate limit and says how
	// much is left (docs/security.md).
	s.limiter = ratelimit.New(s.store, ratelimit.Options{
		Requests: s.cfg.RateLimitRequests, Window: s.cfg.RateLimitWindow, Now: s.clock})
	limit := limithttp.Limit(s.limiter)

	// Operations.
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)

	// OAuth 2.0 and OpenID Connect; the sign-in and consent forms are guarded.
	oauthhttp.New(s.oauth, s.pages, s.cookies).Mount(e, forms.Protect)

	// Pages and assets.
	docs.New(s.pages, s.cfg.PublicURL.String(), s.cfg.Demo).Mount(e)
	e.GET("/static/*path", gin.WrapH(s.assets))
	e.HEAD("/static/*path", gin.WrapH(s.assets))

	// Showcase, Reminder and Consent gateway 1.1.0.
	gw := gwapi.New(&gateway.Service{Store: s.store, Clock: s.clock, Limits: s.cfg.GatewayLimits})
	gw.Mount(e.Group("/gateway/v1.1.0", s.authenticated(oauth.ProductGateway), limit))

	// Account-data aggregation and the widget's JSON calls, both release
	// levels with the same behaviour.
	keys, err := sessionKeys(context.Background(), s.cfg, s.store)
	if err != nil {
		return err
	}
	res := s.newResults(keys)
	subjects := &aggapi.Subjects{Results: res}
	wg := widget.New(s.widgets, s.clients, s.pages, s.cookies, s.cfg.SecureCookies())
	for _, version := range aggapi.Versions {
		agg.Mount(e.Group("/aggregation/"+version, s.authenticated(oauth.ProductAggregation), limit, agg.Track))
		agg.MountUploads(e.Group("/aggregation/"+version, s.authenticated(oauth.ProductUpload), limit, agg.Track))
		agg.MountInsight(e.Group("/aggregation/"+version, s.authenticated(oauth.ProductInsight), limit, agg.Track))
		wg.MountAPI(e.Group("/aggregation/"+version, s.authenticated(oauth.ProductWidget), limit, agg.Track), agg.Idempotent)
		subjects.Mount(e.Group("/aggregation/"+version, s.authenticated(oauth.ProductInsight), limit, agg.Track))
	}

	// Analytics and reports behind their signed links: the signature stands
	// in for a token until the link expires. outputUri names the root; each
	// release level serves the same endpoint under its prefix too, where
	// generated clients look for it (docs/decisions.md).
	links := &results.Handler{Results: res}
	links.Mount(e)
	for _, version := range aggapi.Versions {
		links.Mount(e.Group("/aggregation/" + version))
	}

	// The subject's widget pages (a session cookie started by opening the
	// link guards them) and the mock banks' own sign-in pages; every form
	// is guarded.
	// A refused form and an unknown address there answer in the widget's
	// style: these visitors are bank customers, not developers.
	bank := mockbank.New(s.agg, s.pages)
	wg.MountPages(e.Group("/widget", presentSubject), forms.ProtectWith(wg.FormRefused))
	bank.Mount(e.Group("/mockbank", presentSubject, forms.ProtectWith(bank.FormRefused)))
	s.subjectNotFound = map[string]gin.HandlerFunc{"/widget/": wg.NotFound, "/mockbank/": bank.NotFound}
	if s.sandbox != nil { // the sandbox banks' sign-in pages, in the mock banks' style: every form is guarded
		pages := gin.WrapH(http.StripPrefix("/sandbox", s.sandbox.Pages()))
		guard := forms.ProtectWith(bank.FormRefused)
		e.GET("/sandbox/:bank/sca/:id", presentSubject, guard, pages)
		e.POST("/sandbox/:bank/sca/:id", presentSubject, guard, pages)
		// Their app: the test user signs in first; every form is guarded.
		app := mockbank.NewApp(s.sandbox, s.pages, s.cookies, "/sandbox", s.cfg.SecureCookies())
		app.Mount(e.Group("/sandbox", forms.ProtectWith(app.FormRefused)))
	}

	// The admin console: sign-in with OpenID Connect, then pages behind a
	// revocable session; every form is guarded.
	console, err := s.newConsole(context.Background(), res)
	if err != nil {
		return err
	}
	console.Mount(e.Group("/admin"), forms.Protect)

	// The developer portal: accounts, test applications and requests for
	// production access, the console's look and guards.
	portalhttp.New(s.portal, s.pages, s.cfg.SecureCookies()).Mount(e.Group("/portal"), forms.Protect)

	if s.cfg.BenchRoutes {
		s.benchRoutes()
	}
	return nil
}
