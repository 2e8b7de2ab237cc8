package web

import (
	"openbank/portal"
)

// newPortal assembles the developer portal's service: accounts checked by
// the authorization server's throttle, applications registered through the
// server's registry, callback security through the aggregation service,
// and email through SMTP_ADDR when it is set.
func (s *Server) newPortal() *portal.Service {
	svc := &portal.Service{Store: s.store, Auth: s.oauth, Registry: s.registry, Aggregation: s.agg, Clock: s.clock,
		PublicURL: s.cfg.PublicURL.String()}
	if m := s.cfg.Mail; m.Addr != "" {
		svc.Mail = portal.SMTP{Addr: m.Addr, From: m.From, Username: m.Username, Password: m.Password}
	}
	for _, a := range s.cfg.Callbacks.Sources {
		svc.Sources = append(svc.Sources, a.String())
	}
	return svc
}
