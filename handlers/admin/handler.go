package admin

import (
	"github.com/gorilla/sessions"

	"openbank/aggregation"
	"openbank/console"
	"openbank/gateway"
	"openbank/handlers/page"
	"openbank/oauth"
	"openbank/portal"
)

// Handler serves the console's pages. It is an adapter: every read and
// change goes through a service, never the store.
type Handler struct {
	console  *console.Service
	gateway  *gateway.Service
	agg      *aggregation.Service
	registry *oauth.Registry
	portal   *portal.Service
	issuer   console.Issuer
	pages    page.Renderer
	cookies  sessions.Store
	secure   bool // cookies over https only
}

// Deps are what the console is built from: four services, the sign-in
// issuer and how pages and cookies are made.
type Deps struct {
	// Console owns the sessions, the audit log, the dashboard and the
	// lists only the console shows.
	Console *console.Service
	// Gateway applies the API's rules to showcases, reminders and consents.
	Gateway *gateway.Service
	// Aggregation owns connections, fetches, callbacks, widgets and the
	// outbound policy callback URLs are checked against.
	Aggregation *aggregation.Service
	// Registry creates, changes and deletes OAuth clients and users and
	// revokes grants.
	Registry *oauth.Registry
	// Portal owns developers' accounts and their requests for production
	// access, which the console approves.
	Portal *portal.Service
	// Issuer signs admins in: the server's own or an external one.
	Issuer  console.Issuer
	Pages   page.Renderer
	Cookies sessions.Store
	Secure  bool // cookies over https only
}

// New builds the console's handler.
func New(d Deps) *Handler {
	return &Handler{console: d.Console, gateway: d.Gateway, agg: d.Aggregation, registry: d.Registry, portal: d.Portal, issuer: d.Issuer,
		pages: d.Pages, cookies: d.Cookies, secure: d.Secure}
}
