package web

import (
	"context"

	"openbank/aggregation/results"
	"openbank/console"
	"openbank/gateway"
	"openbank/handlers/admin"
)

// newConsole assembles the admin console: its issuer (the server's own,
// with the console's client registered now, or the external one of
// ADMIN_OIDC_ISSUER, discovered at the first sign-in) and its services;
// results are the subjects' analytics and reports the API serves.
func (s *Server) newConsole(ctx context.Context, res *results.Service) (*admin.Handler, error) {
	cc := s.cfg.Console
	var issuer console.Issuer
	if cc.Issuer != "" {
		issuer = console.NewExternalIssuer(console.ExternalConfig{Issuer: cc.Issuer, ClientID: cc.ClientID,
			ClientSecret: cc.ClientSecret, RedirectURL: s.cfg.PublicURL.String() + "/admin/callback",
			AdminClaim: cc.AdminClaim, AdminValues: cc.AdminValues})
	} else {
		own, err := console.NewOwnIssuer(ctx, s.oauth, s.registry, s.cfg.PublicURL.String())
		if err != nil {
			return nil, err
		}
		issuer = own
	}
	return admin.New(admin.Deps{
		Console: &console.Service{Store: s.store, Clock: s.clock, IdleTimeout: cc.IdleTimeout, MaxAge: cc.MaxAge,
			KeyRotation: s.cfg.KeyRotation, Results: res, Banks: s.agg.Banks},
		Gateway:     &gateway.Service{Store: s.store, Clock: s.clock, Limits: s.cfg.GatewayLimits},
		Aggregation: s.agg,
		Registry:    s.registry,
		Portal:      s.portal,
		Issuer:      issuer,
		Pages:       s.pages,
		Cookies:     s.cookies,
		Secure:      s.cfg.SecureCookies(),
	}), nil
}
