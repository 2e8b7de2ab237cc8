package admin

import (
	"time"

	"github.com/gorilla/sessions"

	"openbank/aggregation"
	"openbank/console"
	"openbank/egress"
	"openbank/gateway"
	"openbank/handlers/page"
	"openbank/oauth"
	"openbank/store"
)

// Handler serves the console's pages.
type Handler struct {
	console *console.Service
	gateway *gateway.Service
	agg     *aggregation.Service
	oauth   *oauth.Server
	store   *store.Store // handed to the oauth package's registry functions
	issuer  console.Issuer
	pages   page.Renderer
	cookies sessions.Store
	secure  bool // cookies over https only
	argon2  oauth.Argon2Params
	access  time.Duration // access-token lifetime, for revocations
	egress  egress.Policy // where callbacks may go
}

// Deps are what the console is built from.
type Deps struct {
	Console *console.Service
	Gateway *gateway.Service
	Agg     *aggregation.Service
	OAuth   *oauth.Server
	Store   *store.Store
	Issuer  console.Issuer
	Pages   page.Renderer
	Cookies sessions.Store
	Secure  bool
	Argon2  oauth.Argon2Params // zero: oauth.DefaultArgon2
	// AccessTokenTTL is how long a revocation must outlive a token.
	AccessTokenTTL time.Duration
	// Callbacks is the outbound policy callback URLs are checked against.
	Callbacks egress.Policy
}

// New builds the console's handler.
func New(d Deps) *Handler {
	if d.Argon2 == (oauth.Argon2Params{}) {
		d.Argon2 = oauth.DefaultArgon2
	}
	return &Handler{console: d.Console, gateway: d.Gateway, agg: d.Agg, oauth: d.OAuth, store: d.Store, issuer: d.Issuer,
		pages: d.Pages, cookies: d.Cookies, secure: d.Secure, argon2: d.Argon2, access: d.AccessTokenTTL,
		egress: d.Callbacks}
}
