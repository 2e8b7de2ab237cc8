package widget_test

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"

	"openbank/aggregation"
	"openbank/banks"
	aggapi "openbank/handlers/aggregation"
	"openbank/handlers/csrf"
	"openbank/handlers/mockbank"
	"openbank/handlers/page"
	"openbank/handlers/secure"
	"openbank/handlers/widget"
	"openbank/oauth"
	"openbank/static"
	"openbank/store"
	widgets "openbank/widget"
)

// client is a client of the test: its display name and its settings.
type client struct {
	name     string
	settings aggregation.ClientSettings
}

// registry stands in for the OAuth client registry.
type registry map[string]client

func (r registry) Settings(_ context.Context, id string) (aggregation.ClientSettings, error) {
	s := r[id].settings
	s.Name = r[id].name
	return s, nil
}

func (r registry) ClientName(_ context.Context, id string) (string, error) { return r[id].name, nil }

// clients are the test's clients: one, whose registered return origin is
// the landing server.
func clients() registry {
	return registry{clientID: {name: "Acme Lending", settings: aggregation.ClientSettings{
		ReturnToOrigins: []string{landing().URL}}}}
}

// services are the aggregation and widget services over st, on the mock
// banks; slow is how long the "slow" test user's fetch waits.
func services(st *store.Store, public string, now func() time.Time, slow time.Duration, opts widgets.Options) (*aggregation.Service, *widgets.Service) {
	agg := &aggregation.Service{
		Store: st, Banks: banks.NewRegistry(banks.MockBanks(banks.Options{Now: now, SlowFetch: slow})...), Clients: clients(),
		Clock: now, PublicURL: public, HTTP: &http.Client{Timeout: 10 * time.Second},
	}
	return agg, widgets.New(agg, opts)
}

// cookies is the test's session store, as strict as the server's.
func cookies() sessions.Store {
	cs := sessions.NewCookieStore([]byte("0123456789abcdef0123456789abcdef"))
	cs.Options = &sessions.Options{Path: "/", MaxAge: 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode}
	return cs
}

// server is what a subject's browser reaches, mounted as web's route table
// mounts it: the widget's pages, the mock banks' pages and the assets,
// under the server's security headers.
func server(e *env, public *url.URL) (http.Handler, error) {
	pages, secureCookies := page.Renderer{Assets: static.New()}, public.Scheme == "https"
	forms, err := csrf.New(cookies(), pages, public.Scheme+"://"+public.Host, secureCookies)
	if err != nil {
		return nil, err
	}
	r := gin.New()
	r.Use(secure.Headers)
	widget.New(e.widgets, clients(), pages, cookies(), secureCookies).MountPages(r.Group("/widget"), forms.Protect)
	mockbank.New(e.svc, pages).Mount(r.Group("/mockbank", forms.Protect))
	r.GET("/static/*path", gin.WrapH(pages.Assets))
	return r, nil
}

// api serves the widget's JSON calls, mounted as web mounts them, to a
// caller that is client-a.
func api(e *env) http.Handler {
	r := gin.New()
	h := widget.New(e.widgets, clients(), page.Renderer{Assets: static.New()}, cookies(), false)
	agg := aggapi.New(e.svc)
	asClient := func(c *gin.Context) {
		p := oauth.Principal{ClientID: clientID, Subject: "client:" + clientID, Products: []string{oauth.ProductWidget}}
		c.Request = c.Request.WithContext(oauth.NewContext(c.Request.Context(), p))
	}
	for _, version := range aggapi.Versions {
		h.MountAPI(r.Group("/aggregation/"+version, asClient, agg.Track), agg.Idempotent)
	}
	return r
}
